// The customer's choices for a request (PATCH) and 'Get quotes' (submit): both change the request in one
// transaction with the row locked; submitting records request.quote once every file is analysed.
import { Prisma, type PrismaClient } from '@printfarm/db';
import { recordJob } from '@printfarm/db/outbox';
import { blockingFindings } from '@printfarm/db/printability';
import { transitionPrintRequest } from '@printfarm/db/requests/transition';
import { materialsFor, missingForQuote, type PrintRequestChoices } from '@printfarm/domain/printRequest';
import { canSubmit, EDITABLE_STATUSES, statusLabel, TransitionError } from '@printfarm/domain/requestStatus';
import zipcodes from 'zipcodes';
import type { SessionUser } from '../auth/guards.ts';
import { badRequest, conflict } from '../http/errors.ts';
import { onOwnRequest } from './printRequests.ts';

export interface ShipTo {
  shipToZip: string;
  shipToCity: string;
  shipToState: string;
  shipToLatitude: number;
  shipToLongitude: number;
}

/** The ZIP's centre from the offline US table; undefined for a ZIP it does not know. */
export function shipToOf(zip: string): ShipTo | undefined {
  const entry = zipcodes.lookup(zip);
  if (entry?.country !== 'US') return undefined;
  return {
    shipToZip: zip,
    shipToCity: entry.city,
    shipToState: entry.state,
    shipToLatitude: entry.latitude,
    shipToLongitude: entry.longitude,
  };
}

function specificationsWith(current: Prisma.JsonValue, choices: PrintRequestChoices): Prisma.InputJsonObject {
  const base = typeof current === 'object' && current !== null && !Array.isArray(current) ? current : {};
  return {
    ...(base as Prisma.InputJsonObject),
    ...(choices.layerHeightMm !== undefined ? { layerHeightMm: choices.layerHeightMm } : {}),
    ...(choices.infillPercent !== undefined ? { infillPercent: choices.infillPercent } : {}),
  };
}

/** PATCH /api/print-requests/{id}: saves the choices; quotes already made for other choices are withdrawn. */
export async function updatePrintRequestChoices(
  prisma: PrismaClient,
  user: SessionUser,
  id: string,
  choices: PrintRequestChoices,
): Promise<void> {
  await onOwnRequest(prisma, user, id, async (tx, request) => {
    if (!(EDITABLE_STATUSES as readonly string[]).includes(request.status)) {
      throw conflict(`You cannot change a request that is ${statusLabel(request.status).toLowerCase()}`);
    }
    const technology = choices.technology ?? request.technology;
    const material = choices.material ?? request.material;
    if (technology && material && !materialsFor(technology).includes(material)) {
      throw badRequest('Choose a material this technology prints', {
        material: `${technology} prints ${materialsFor(technology).join(', ')}`,
      });
    }
    let shipTo: ShipTo | undefined;
    if (choices.shipToZip !== undefined) {
      shipTo = shipToOf(choices.shipToZip);
      if (!shipTo)
        throw badRequest('We do not know this ZIP code', { shipToZip: 'Enter a US ZIP code we ship to' });
    }
    const files = await tx.projectFile.findMany({
      where: { printRequestId: id, deletedAt: null },
      select: { id: true, quantity: true },
    });
    const known = new Set(files.map((file) => file.id));
    const unknown = (choices.files ?? []).findIndex((file) => !known.has(file.id));
    if (unknown !== -1)
      throw badRequest('This file is not part of the request', { [`files.${unknown}.id`]: 'Unknown file' });

    // A request-wide quantity applies to every file; a file's own quantity wins over it.
    const quantities = new Map(files.map((file) => [file.id, choices.quantity ?? file.quantity]));
    const unitsBefore = new Map(
      (
        await tx.fileAnalysis.findMany({
          where: { fileId: { in: (choices.files ?? []).map((f) => f.id) } },
          select: { fileId: true, units: true },
        })
      ).map((a) => [a.fileId, a.units]),
    );
    const unitsChanged = (choices.files ?? []).some(
      (f) => f.units !== undefined && unitsBefore.has(f.id) && unitsBefore.get(f.id) !== f.units,
    );
    const technologyChanged = choices.technology !== undefined && choices.technology !== request.technology;
    if (technologyChanged) {
      // Walls are judged by the technology: answers given to the other one's warnings do not carry over.
      await tx.projectFile.updateMany({ where: { printRequestId: id }, data: { printAsIsAt: null } });
    }
    for (const file of choices.files ?? []) {
      if (file.quantity !== undefined) quantities.set(file.id, file.quantity);
      const rescaled = file.units !== undefined && unitsBefore.get(file.id) !== file.units;
      await tx.projectFile.update({
        where: { id: file.id },
        data: {
          quantity: quantities.get(file.id) ?? 1,
          // A new unit gives the file new findings; an answer is given to the ones shown.
          ...(file.printAsIs !== undefined
            ? { printAsIsAt: file.printAsIs ? new Date() : null }
            : rescaled
              ? { printAsIsAt: null }
              : {}),
        },
      });
      if (file.units !== undefined) {
        // Only the unit changes: the stored metrics are scaled when read, never re-parsed.
        await tx.fileAnalysis.updateMany({ where: { fileId: file.id }, data: { units: file.units } });
      }
    }
    if (choices.quantity !== undefined) {
      const named = new Set((choices.files ?? []).filter((f) => f.quantity !== undefined).map((f) => f.id));
      await tx.projectFile.updateMany({
        where: { printRequestId: id, deletedAt: null, id: { notIn: [...named] } },
        data: { quantity: choices.quantity },
      });
    }
    const totalParts = [...quantities.values()].reduce((sum, q) => sum + q, 0);

    const data: Prisma.CustomPrintRequestUncheckedUpdateInput = {
      ...(choices.technology !== undefined ? { technology: choices.technology } : {}),
      ...(choices.material !== undefined ? { material: choices.material } : {}),
      ...(choices.color !== undefined ? { color: choices.color || null } : {}),
      ...(choices.notes !== undefined ? { notes: choices.notes || null } : {}),
      ...(choices.deadline !== undefined ? { deadline: choices.deadline } : {}),
      ...(choices.budget !== undefined ? { budget: choices.budget } : {}),
      ...(choices.shippingAddress !== undefined
        ? { shippingAddress: choices.shippingAddress ?? Prisma.DbNull }
        : {}),
      ...(shipTo ?? {}),
      ...(files.length > 0 ? { quantity: totalParts } : {}),
      specifications: specificationsWith(request.specifications, choices),
    };
    const before = specificationsWith(request.specifications, {});
    const after = specificationsWith(request.specifications, choices);
    const repriced =
      (choices.technology !== undefined && choices.technology !== request.technology) ||
      (choices.material !== undefined && choices.material !== request.material) ||
      (shipTo !== undefined && shipTo.shipToZip !== request.shipToZip) ||
      before.layerHeightMm !== after.layerHeightMm ||
      before.infillPercent !== after.infillPercent ||
      unitsChanged ||
      files.some((file) => quantities.get(file.id) !== file.quantity);
    if (repriced && (request.status === 'quoted' || request.status === 'expired')) {
      // The offers priced other choices: withdraw them, and quote again on the next submit. Notes,
      // colour, deadline, budget or the street address leave the offers standing.
      await tx.requestOffer.updateMany({
        where: { requestId: id, status: 'offered' },
        data: { status: 'withdrawn' },
      });
      await transitionPrintRequest(tx, request, 'draft', {
        byUserId: user.id,
        note: 'Choices changed; get new quotes',
        data: { ...data, quotedAt: null, quotedPrice: null },
      });
    } else {
      await tx.customPrintRequest.update({ where: { id }, data });
    }
  });
}

/**
 * 'Get quotes': checks that the request says what to print and where, then moves it to quoting. The
 * quote job is recorded now when every file is analysed, else by the analysis of the last one.
 */
export async function submitPrintRequest(prisma: PrismaClient, user: SessionUser, id: string): Promise<void> {
  await onOwnRequest(prisma, user, id, async (tx, request) => {
    if (!canSubmit(request.status)) throw new TransitionError(request.status, 'quoting');
    const files = await tx.projectFile.findMany({
      where: { printRequestId: id, deletedAt: null },
      select: { analysisStatus: true, fileName: true, originalFileName: true, sha256: true, analysis: true },
    });
    const readyFiles = files.filter((f) => f.analysisStatus === 'ready').length;
    const pendingFiles = files.filter(
      (f) => f.analysisStatus === 'pending' || f.analysisStatus === 'analyzing',
    ).length;
    const missing = missingForQuote({ ...request, readyFiles, pendingFiles });
    if (files.length > 0 && readyFiles + pendingFiles === 0) {
      // Every file was rejected by the analysis: nothing here can be printed.
      const reasons = files.map((f) => `${f.fileName}: ${f.analysis?.rejectReason ?? 'not printable'}`);
      await transitionPrintRequest(tx, request, 'rejected', {
        byUserId: user.id,
        note: `No file can be printed. ${reasons.join('; ')}`.slice(0, 1000),
      });
      return;
    }
    const [firstField] = Object.keys(missing);
    if (firstField) {
      throw badRequest(missing[firstField] ?? 'Choose what to print before getting quotes', missing);
    }
    // A file nothing can be printed from stops quoting, with the reason (files still being measured
    // are judged by the quote job once they are).
    const ready = files.filter((file) => file.analysisStatus === 'ready');
    const [blocked, ...more] = await blockingFindings(tx, ready, request.technology);
    if (blocked) {
      throw badRequest(blocked.message, { files: [blocked, ...more].map((f) => f.message).join(' ') });
    }
    const round = request.quoteRound + 1;
    await tx.requestOffer.updateMany({
      where: { requestId: id, status: 'offered' },
      data: { status: 'withdrawn' },
    });
    await transitionPrintRequest(tx, request, 'quoting', {
      byUserId: user.id,
      note: pendingFiles > 0 ? 'Quotes follow as soon as every file is checked' : null,
      data: {
        quoteRound: round,
        quoteIssue: null,
        quotedAt: null,
        searchRadiusMiles: null,
      },
    });
    if (pendingFiles === 0) await recordJob(tx, 'request.quote', { requestId: id, round });
  });
}
