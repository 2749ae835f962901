import { defineProvider } from '../../modules/payments/providers/provider';
import { Bank } from './bank';
import { testBankConfig } from './config';
import { testBankGateway } from './gateway';

/**
 * A payment provider that exists only in the tests: registered through `buildApp`'s `extraProviders`, it
 * shows that a provider is one folder. Answers the provider and its bank, for the test to act as the bank.
 */
export function testBank() {
  const bank = new Bank();
  const provider = defineProvider({
    id: 'test-bank',
    wording: {
      label: 'Test Bank',
      payment: 'The bank payment',
      payingWith: 'the test bank',
      refundTo: 'bank account',
    },
    config: testBankConfig,
    gateway: (settings) => testBankGateway(bank, settings),
    returnQuery: (reference) => `&payment=${reference}`,
  });
  return { provider, bank };
}
