// A parameter an e-mail or a redirect brings in the address once (?counter=accept, ?claimed=1): the page
// reads it, then drops it without a new history entry, so a reload or Back does not act on it again.
import { useSearchParams } from 'react-router-dom';

export function useLinkParam(name: string): [value: string | null, forget: () => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const forget = () =>
    setSearchParams(
      (params) => {
        params.delete(name);
        return params;
      },
      { replace: true },
    );
  return [searchParams.get(name), forget];
}
