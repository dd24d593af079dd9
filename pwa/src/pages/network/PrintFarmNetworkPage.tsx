// The Print Farm Network page (/print-farms, /print-farm-network): explore the map and list, or join.
// ?tab=join opens the Join tab; ?tab=search opens Explore with the farm search focused.
import { useQuery } from '@tanstack/react-query';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { printFarmQueries } from '../../api/printFarms.ts';
import { FarmMap } from '../../components/map/FarmMap.tsx';
import type { FarmFocus } from '../../components/map/mapTypes.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Container, PageHero } from '../../components/ui/layout.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { NETWORK_NAV, SiteLayout } from '../SiteLayout.tsx';
import { FarmList } from './FarmList.tsx';
import { JoinNetwork, preloadSignupForm } from './JoinNetwork.tsx';
import './network.css';

type Tab = 'explore' | 'join';

function StatCard({ label, value, loading }: { label: string; value: number | undefined; loading: boolean }) {
  return (
    <Card className="network-stat">
      <CardContent>
        {loading ? (
          <Skeleton className="network-stat__skeleton" />
        ) : (
          <p className="network-stat__value">{value === undefined ? '—' : value.toLocaleString('en-US')}</p>
        )}
        <p className="network-stat__label">{label}</p>
      </CardContent>
    </Card>
  );
}

/** True once the element has come near the screen (and from then on). */
function useSeen(ref: RefObject<Element | null>): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen]);
  return seen;
}

export default function PrintFarmNetworkPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tabParam = searchParams.get('tab');
  const tab: Tab = tabParam === 'join' ? 'join' : 'explore';
  const stats = useQuery(printFarmQueries.stats());
  const [selectedFarmId, setSelectedFarmId] = useState<string | null>(null);
  const [focus, setFocus] = useState<FarmFocus | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const mapCardRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  // The whole farm list is read after the map's first frame (the map has its own small feed), or
  // earlier when the list is wanted: in view, or its search used.
  const [mapSettled, setMapSettled] = useState(false);
  const [searching, setSearching] = useState(tabParam === 'search');
  const listSeen = useSeen(listRef);
  const farms = useQuery({ ...printFarmQueries.list(), enabled: mapSettled || searching || listSeen });
  const onMapSettled = useCallback(() => setMapSettled(true), []);

  useEffect(() => {
    if (tabParam !== 'search') return;
    setSearching(true);
    searchRef.current?.focus();
    searchRef.current?.scrollIntoView({ block: 'center' });
  }, [tabParam]);

  const showTab = (next: Tab) => {
    setSearchParams(next === 'join' ? { tab: 'join' } : {});
    window.scrollTo({ top: 0 });
  };

  const selectFromList = (farmId: string) => {
    const farm = farms.data?.find((candidate) => candidate.id === farmId);
    setSelectedFarmId(farmId);
    if (farm) setFocus({ farm });
    mapCardRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  return (
    <SiteLayout nav={NETWORK_NAV}>
      <PageHero
        className="network-hero page-hero--center"
        eyebrow="Distributed manufacturing, coast to coast"
        title="Print Farm Network"
        lead="Explore the independent print farms that make up our network, or register your own farm to start receiving custom print orders."
      />

      <Container className="network-body">
        <Tabs value={tab} onValueChange={(next) => showTab(next as Tab)}>
          <TabsList aria-label="Print farm network" className="network-tabs">
            <TabsTrigger value="explore">Explore Network</TabsTrigger>
            <TabsTrigger value="join" onPointerEnter={preloadSignupForm} onFocus={preloadSignupForm}>
              Join Network
            </TabsTrigger>
          </TabsList>

          <TabsContent value="explore" className="network-explore">
            <div className="network-stats">
              <StatCard label="Active Farms" value={stats.data?.activeFarms} loading={stats.isPending} />
              <StatCard label="States Covered" value={stats.data?.statesCovered} loading={stats.isPending} />
              <StatCard label="Total Printers" value={stats.data?.totalPrinters} loading={stats.isPending} />
            </div>

            <Card className="network-map-card" ref={mapCardRef}>
              <CardHeader>
                <CardTitle>Print Farm Locations</CardTitle>
                <CardDescription>
                  Click on any farm to view their details and contact information.
                </CardDescription>
              </CardHeader>
              <CardContent>
                <FarmMap focus={focus} onSelect={setSelectedFarmId} onSettled={onMapSettled} />
                {farms.isError && (
                  <p className="network-error" role="alert">
                    The farm list could not be loaded. Please refresh the page to try again.
                  </p>
                )}
                <div ref={listRef}>
                  <FarmList
                    farms={farms.data ?? []}
                    loading={farms.isPending}
                    selectedFarmId={selectedFarmId}
                    onSelect={selectFromList}
                    onSearch={() => setSearching(true)}
                    searchRef={searchRef}
                  />
                </div>
              </CardContent>
            </Card>

            <Card className="network-join-cta">
              <CardContent>
                <div>
                  <h2 className="network-join-cta__title">Want to Join Our Network?</h2>
                  <p className="network-join-cta__text">
                    Register your print farm, appear on the map and start receiving custom print orders from
                    customers near you.
                  </p>
                </div>
                <Button
                  size="lg"
                  onClick={() => showTab('join')}
                  onPointerEnter={preloadSignupForm}
                  onFocus={preloadSignupForm}
                >
                  Join the Network
                </Button>
              </CardContent>
            </Card>
          </TabsContent>

          <TabsContent value="join" className="network-join">
            <JoinNetwork onRegistered={() => showTab('explore')} />
          </TabsContent>
        </Tabs>
      </Container>
    </SiteLayout>
  );
}
