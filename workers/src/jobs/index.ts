import { applicationEnrich } from './applicationEnrich.ts';
import { applicationFollowup } from './applicationFollowup.ts';
import { claimsClose } from './claimsClose.ts';
import { emailSend } from './emailSend.ts';
import { estimatorCalibrate } from './estimatorCalibrate.ts';
import { farmGeocode } from './farmGeocode.ts';
import { jobDeadline } from './jobDeadline.ts';
import { jobRemind } from './jobRemind.ts';
import { membershipInvoice } from './membershipInvoice.ts';
import { modelAnalyze } from './modelAnalyze.ts';
import { offersExpire } from './offersExpire.ts';
import { ordersExpire } from './ordersExpire.ts';
import { paymentCapture } from './paymentCapture.ts';
import { paymentRefund } from './paymentRefund.ts';
import { paymentSecured } from './paymentSecured.ts';
import { paymentVoid } from './paymentVoid.ts';
import { payoutSend } from './payoutSend.ts';
import { payoutsRun } from './payoutsRun.ts';
import { printerDispatch } from './printerDispatch.ts';
import { printerPoll } from './printerPoll.ts';
import { queueMail } from './queueMail.ts';
import { queueProject } from './queueProject.ts';
import { queueReport } from './queueReport.ts';
import { queueSlice } from './queueSlice.ts';
import { requestFirm } from './requestFirm.ts';
import { requestQuote } from './requestQuote.ts';
import { requestQuotesMail } from './requestQuotesMail.ts';
import { requestRoute } from './requestRoute.ts';
import { sessionsPurge } from './sessionsPurge.ts';
import type { JobHandlers } from './types.ts';

export const jobHandlers: JobHandlers = {
  'email.send': emailSend,
  'application.enrich': applicationEnrich,
  'application.followup': applicationFollowup,
  'farm.geocode': farmGeocode,
  'model.analyze': modelAnalyze,
  'sessions.purge': sessionsPurge,
  'request.quote': requestQuote,
  'request.firm': requestFirm,
  'request.quotesMail': requestQuotesMail,
  'request.route': requestRoute,
  'job.deadline': jobDeadline,
  'job.remind': jobRemind,
  'offers.expire': offersExpire,
  'orders.expire': ordersExpire,
  'estimator.calibrate': estimatorCalibrate,
  'payment.secured': paymentSecured,
  'payment.capture': paymentCapture,
  'payment.refund': paymentRefund,
  'payment.void': paymentVoid,
  'claims.close': claimsClose,
  'payouts.run': payoutsRun,
  'payout.send': payoutSend,
  'membership.invoice': membershipInvoice,
  'printer.dispatch': printerDispatch,
  'printer.poll': printerPoll,
  'queue.report': queueReport,
  'queue.slice': queueSlice,
  'queue.project': queueProject,
  'queue.mail': queueMail,
};
