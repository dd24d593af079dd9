// Printability before anyone pays (issue 23): each file's findings in the API, a blocking one stopping
// 'Get quotes' (at once, or in the quote job when the file was still being measured), and the fit
// judged against the printers the network's farms really have.
import { describe, expect, it } from 'vitest';
import type { PrintRequestView } from '../../api/src/presenters/printRequest.ts';
import type { ProjectFileView } from '../../api/src/presenters/projectFile.ts';
import { createUser, signIn } from '../../ops/fixtures/auth.ts';
import { requestQuote } from '../../workers/src/jobs/requestQuote.ts';
import {
  call,
  createDraftRequest,
  createFarm,
  FDM_X1,
  mailsTo,
  offersOf,
  submitAndQuote,
} from '../support/marketplace.ts';
import { useServerSuite } from '../support/server.ts';

const PRUSA_XL = { technology: 'FFF/FDM', brand: 'Prusa', model: 'XL', count: 2 } as const;

type ErrorBody = { message: string; fields: Record<string, string> };

describe('printability findings', () => {
  const server = useServerSuite({ workers: { env: { SLICER_PATH: '/nonexistent/prusa-slicer' } } });
  const url = (path: string) => `${server.api.url}${path}`;

  async function customer() {
    const user = await createUser(server.api.prisma, { firstName: 'Pat' });
    return { user, cookie: await signIn(server.api.url, user.email, user.password) };
  }

  it('blocks a flat sheet: the finding is in the analysis, and Get quotes answers 400 with it', async () => {
    await createFarm(server.api.prisma, { zip: '78701' });
    const { user, cookie } = await customer();
    const draft = await createDraftRequest(server.api.prisma, user.id, {
      zip: '78701',
      parts: [{ bbox: { x: 40, y: 30, z: 0 }, volumeCm3: 0, surfaceAreaCm2: 24 }],
    });
    const view = await call<PrintRequestView>(url(`/api/print-requests/${draft.id}`), cookie);
    expect(view.body.files[0]?.analysis?.findings).toEqual([
      expect.objectContaining({ code: 'zero_volume', severity: 'blocks' }),
    ]);
    const files = await call<ProjectFileView[]>(url('/api/project-files'), cookie);
    expect(files.body[0]?.analysis?.findings.map((finding) => finding.code)).toEqual(['zero_volume']);

    const submitted = await call<ErrorBody>(url(`/api/print-requests/${draft.id}/submit`), cookie, 'POST');
    expect(submitted.status).toBe(400);
    expect(submitted.body.message).toContain('part-0.stl is a surface with no inside');
    expect(submitted.body.fields.files).toContain('surface with no inside');
    const row = await server.api.prisma.customPrintRequest.findUniqueOrThrow({ where: { id: draft.id } });
    expect(row.status).toBe('draft');
    expect(row.quoteRound).toBe(0);
  });

  it('stops the quote job when a file measured after Get quotes cannot be printed, and says why', async () => {
    await createFarm(server.api.prisma, { zip: '78701' });
    const { user, cookie } = await customer();
    const draft = await createDraftRequest(server.api.prisma, user.id, {
      zip: '78701',
      title: `Sheet ${Date.now()}`,
      parts: [{ status: 'pending' }],
    });
    const submitted = await call<PrintRequestView>(
      url(`/api/print-requests/${draft.id}/submit`),
      cookie,
      'POST',
    );
    expect(submitted.body.status).toBe('quoting');
    // The analysis finds a sheet.
    const [file] = await server.api.prisma.projectFile.findMany({ where: { printRequestId: draft.id } });
    await server.api.prisma.fileAnalysis.create({
      data: {
        fileId: file?.id ?? '',
        format: 'stl',
        bboxXMm: 40,
        bboxYMm: 30,
        bboxZMm: 0,
        volumeCm3: 0,
        surfaceAreaCm2: 24,
      },
    });
    await server.api.prisma.projectFile.update({
      where: { id: file?.id },
      data: { analysisStatus: 'ready' },
    });
    const outcome = await requestQuote({ requestId: draft.id, round: 1 }, server.workers.jobContext());
    expect(outcome).toBe('done');

    const row = await server.api.prisma.customPrintRequest.findUniqueOrThrow({ where: { id: draft.id } });
    expect(row.status).toBe('draft');
    expect(row.quoteIssue).toContain('is a surface with no inside');
    expect(await server.api.prisma.requestOffer.count({ where: { requestId: draft.id } })).toBe(0);
    const [mail] = await mailsTo(user.email, `We cannot quote ${draft.title} yet`);
    expect(mail?.text).toContain('part-0.stl is a surface with no inside');
  });

  it('judges the fit by the printers farms have: large-format only gets offers from those farms; larger than all is blocked', async () => {
    await server.api.prisma.printFarm.updateMany({ where: { isActive: true }, data: { isActive: false } });
    const small = await createFarm(server.api.prisma, {
      zip: '78701',
      name: 'Bambu Row',
      inventory: [FDM_X1],
    });
    const large = await createFarm(server.api.prisma, {
      zip: '77002',
      name: 'XL Works',
      inventory: [PRUSA_XL],
    });
    const { user, cookie } = await customer();

    const beast = await createDraftRequest(server.api.prisma, user.id, {
      zip: '78701',
      parts: [{ bbox: { x: 274, y: 252, z: 117 } }],
    });
    const view = await call<PrintRequestView>(url(`/api/print-requests/${beast.id}`), cookie);
    const [fit] = view.body.files[0]?.analysis?.findings ?? [];
    expect(fit).toMatchObject({ code: 'large_format', severity: 'info' });
    expect(fit?.message).toContain('1 farm in the network has one');
    const quoted = await submitAndQuote(server.api.url, cookie, beast.id);
    expect(quoted.status).toBe('quoted');
    expect((await offersOf(server.api.url, cookie, beast.id)).map((offer) => offer.farmId)).toEqual([
      large.id,
    ]);
    expect(small.id).not.toBe(large.id);

    const huge = await createDraftRequest(server.api.prisma, user.id, {
      zip: '78701',
      parts: [{ bbox: { x: 500, y: 400, z: 100 } }],
    });
    const refused = await call<ErrorBody>(url(`/api/print-requests/${huge.id}/submit`), cookie, 'POST');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('larger than any FFF/FDM printer in the network holds');
    expect(refused.body.message).toContain('the largest takes 360 × 360 × 360 mm');
  });

  it("quotes an open mesh with its warning, and orders it only once the customer said 'print as is'", async () => {
    await server.api.prisma.printFarm.updateMany({ where: { isActive: true }, data: { isActive: false } });
    await createFarm(server.api.prisma, { zip: '78701' });
    const { user, cookie } = await customer();
    const draft = await createDraftRequest(server.api.prisma, user.id, { zip: '78701', title: 'Teapot' });
    const [file] = await server.api.prisma.projectFile.findMany({ where: { printRequestId: draft.id } });
    if (!file) throw new Error('file');
    await server.api.prisma.fileAnalysis.update({
      where: { fileId: file.id },
      data: { openEdgeCount: 64, watertight: false },
    });
    const quoted = await submitAndQuote(server.api.url, cookie, draft.id);
    expect(quoted.status).toBe('quoted');
    const [warning] = quoted.files[0]?.analysis?.findings ?? [];
    expect(warning).toMatchObject({ code: 'open_edges', severity: 'warns' });
    expect(warning?.message).toContain('64 open edges');
    expect(quoted.files[0]?.printAsIs).toBe(false);
    const [offer] = await offersOf(server.api.url, cookie, draft.id);
    if (!offer) throw new Error('offer');
    const accept = (body: unknown) =>
      call<ErrorBody>(url(`/api/print-requests/${draft.id}/offers/${offer.id}/accept`), cookie, 'POST', body);

    const unanswered = await accept({});
    expect(unanswered.status).toBe(409);
    expect(unanswered.body.message).toBe(
      "Choose 'Print as is' or upload a fixed file for part-0.stl before ordering",
    );
    expect(
      (await server.api.prisma.customPrintRequest.findUniqueOrThrow({ where: { id: draft.id } })).status,
    ).toBe('quoted');

    const answered = await call<PrintRequestView>(url(`/api/print-requests/${draft.id}`), cookie, 'PATCH', {
      files: [{ id: file.id, printAsIs: true }],
    });
    expect(answered.body.files[0]?.printAsIs).toBe(true);
    // Answering does not touch the offers: the same one is still there to accept.
    expect(answered.body.status).toBe('quoted');
    // A new unit gives new findings: the answer is asked again.
    const rescaled = await call<PrintRequestView>(url(`/api/print-requests/${draft.id}`), cookie, 'PATCH', {
      files: [{ id: file.id, units: 'cm' }],
    });
    expect(rescaled.body.files[0]?.printAsIs).toBe(false);
    const back = await call<PrintRequestView>(url(`/api/print-requests/${draft.id}`), cookie, 'PATCH', {
      files: [{ id: file.id, units: 'mm' }],
    });
    expect(back.body.status).toBe('draft');
    const again = await submitAndQuote(server.api.url, cookie, draft.id);
    const [current] = await offersOf(server.api.url, cookie, draft.id);
    expect(again.status).toBe('quoted');
    // printAsIs with the acceptance answers every warning at once.
    const ordered = await call<PrintRequestView>(
      url(`/api/print-requests/${draft.id}/offers/${current?.id}/accept`),
      cookie,
      'POST',
      { printAsIs: true },
    );
    expect(ordered.status).toBe(200);
    expect(ordered.body.status).toBe('ordered');
    expect(ordered.body.files[0]?.printAsIs).toBe(true);
  });
});
