// Webhook secrets at rest: sealed with the instance secret under the webhook purpose; never stored in clear.
import { SecretBox as PurposeSecretBox } from '../platform/secret-box.js';

export class SecretBox extends PurposeSecretBox {
  constructor(instanceSecret: string) {
    super(instanceSecret, 'loupe-webhook-secrets');
  }
}
