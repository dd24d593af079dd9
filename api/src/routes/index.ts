// Every route module of the API, registered in one place.

import type { ApiDeps } from '../deps.ts';
import type { AppRouter } from '../http/context.ts';
import { registerAdminNetworkRoutes } from './adminNetwork.ts';
import { registerAdminPaymentRoutes } from './adminPayments.ts';
import { registerAdminQueueRoutes } from './adminQueues.ts';
import { registerApplicationRoutes } from './applications.ts';
import { registerAuthRoutes } from './auth.ts';
import { registerHealthRoutes } from './health.ts';
import { registerMoneyRoutes } from './money.ts';
import { registerNewsletterRoutes } from './newsletter.ts';
import { registerOperatorRoutes } from './operator.ts';
import { registerOperatorPrinterRoutes } from './operatorPrinters.ts';
import { registerOperatorQueueRoutes } from './operatorQueue.ts';
import { registerPrintFarmRoutes } from './printFarms.ts';
import { registerPrintFarmAdminRoutes } from './printFarmsAdmin.ts';
import { registerPrintRequestRoutes } from './printRequests.ts';
import { registerProfileRoutes } from './profile.ts';
import { registerProjectFileRoutes } from './projectFiles.ts';
import { registerStoreAdminRoutes } from './storeAdmin.ts';
import { registerStoreRoutes } from './stores.ts';
import { registerStripeWebhookRoutes } from './stripeWebhook.ts';
import { registerSupportRoutes } from './support.ts';
import { registerUploadRoutes } from './uploads.ts';

export function registerRoutes(router: AppRouter, deps: ApiDeps): void {
  registerHealthRoutes(router, deps);
  registerAuthRoutes(router, deps);
  registerAdminQueueRoutes(router, deps);
  registerAdminNetworkRoutes(router, deps);
  registerAdminPaymentRoutes(router, deps);
  registerPrintFarmRoutes(router, deps);
  registerPrintFarmAdminRoutes(router, deps);
  registerApplicationRoutes(router, deps);
  registerNewsletterRoutes(router, deps);
  registerStoreRoutes(router, deps);
  registerStoreAdminRoutes(router, deps);
  registerUploadRoutes(router, deps);
  registerProjectFileRoutes(router, deps);
  registerPrintRequestRoutes(router, deps);
  registerOperatorRoutes(router, deps);
  registerOperatorPrinterRoutes(router, deps);
  registerOperatorQueueRoutes(router, deps);
  registerMoneyRoutes(router, deps);
  registerStripeWebhookRoutes(router, deps);
  registerProfileRoutes(router, deps);
  registerSupportRoutes(router, deps);
}
