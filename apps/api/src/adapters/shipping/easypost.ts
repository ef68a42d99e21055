/** EasyPost's REST API v2, through fetch. */
import type { Config } from '../../config.ts';
import { ShippingUnavailableError, type ShippingPort } from './shipping.ts';

export type EasyPostSettings = Extract<Config['shipping'], { kind: 'easypost' }>;

const notYet = () => Promise.reject(new ShippingUnavailableError('the EasyPost client is not built yet'));

export const createEasyPost = (_settings: EasyPostSettings): ShippingPort => ({
  name: 'easypost',
  verifyAddress: notYet,
  createShipment: notYet,
  buyLabel: notYet,
  labelPdf: notYet,
  refundLabel: notYet,
  retrieveTracker: notYet,
  parseEvent: () => {
    throw new ShippingUnavailableError('the EasyPost client is not built yet');
  },
});
