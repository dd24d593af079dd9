// A printer row's connector settings with its secrets opened: the only place they are decrypted.
import type { Printer } from '@printfarm/db';
import { printerSecretsKey } from '@printfarm/db/printQueue/secrets';
import type { WorkerConfig } from '../config.ts';
import type { ConnectorConfig } from './connectors/types.ts';
import { openPrinterSecrets } from './secrets.ts';

export function connectorConfigOf(printer: Printer, config: WorkerConfig): ConnectorConfig | null {
  const settings = (printer.connectorSettings ?? {}) as Record<string, unknown>;
  const secrets = printer.connectorSecret
    ? openPrinterSecrets(printerSecretsKey(config), printer.id, printer.connectorSecret)
    : {};
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const port = (value: unknown) => (typeof value === 'number' ? { value } : null);
  switch (printer.connector) {
    case 'octoprint':
      return { kind: 'octoprint', baseUrl: text(settings.baseUrl), apiKey: secrets.apiKey ?? '' };
    case 'moonraker':
      return {
        kind: 'moonraker',
        baseUrl: text(settings.baseUrl),
        ...(secrets.apiKey ? { apiKey: secrets.apiKey } : {}),
      };
    case 'bambu': {
      const mqtt = port(settings.mqttPort);
      const ftps = port(settings.ftpsPort);
      return {
        kind: 'bambu',
        host: text(settings.host),
        serial: text(settings.serial),
        accessCode: secrets.accessCode ?? '',
        ...(mqtt ? { mqttPort: mqtt.value } : {}),
        ...(ftps ? { ftpsPort: ftps.value } : {}),
      };
    }
    default:
      return null;
  }
}
