import { AppError } from '@darsak/domain/errors';
import type { SavedCard } from '@darsak/domain/payments';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import { type FawryGateway, ProviderError } from '../../providers/payments/payment-gateway.ts';
import { codeOf } from './payments.records.ts';
import * as repo from './payments.repo.ts';
import type { PaymentsDeps } from './payments.service.ts';

type CardsDeps = Pick<PaymentsDeps, 'db' | 'fawry' | 'appUrl'>;

/** A student's saved cards: Fawry keeps the cards, we keep a copy of their tokens to pay with at checkout. */
export function createCardsService(deps: CardsDeps) {
  const { db } = deps;

  return {
    async listCards(actor: AuthUser): Promise<{ list: SavedCard[] }> {
      let cards: Awaited<ReturnType<FawryGateway['listCards']>>;
      try {
        cards = await deps.fawry.listCards(String(actor.id));
      } catch (error) {
        if (error instanceof ProviderError) throw new AppError(codeOf(error));
        throw error;
      }
      const rows = await db.transaction(async (tx) => {
        const clean = cards.map((c) => ({
          ...c,
          lastFour: c.lastFour && /^\d{4}$/.test(c.lastFour) ? c.lastFour : null,
        }));
        await repo.replaceCards(tx, actor.id, 'fawry', clean);
        return repo.listCards(tx, actor.id, 'fawry');
      });
      return {
        list: rows.map((r) => ({
          id: r.id,
          lastFour: r.lastFour,
          brand: r.brand,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },

    async deleteCard(actor: AuthUser, cardTokenId: number) {
      const card = await repo.findCard(db, cardTokenId);
      if (!card || card.userId !== actor.id) throw new AppError('card-not-found');
      try {
        await deps.fawry.deleteCard(String(actor.id), card.token);
      } catch (error) {
        if (error instanceof ProviderError) throw new AppError(codeOf(error));
        throw error;
      }
      await repo.deleteCard(db, card.id);
      return { ok: true as const };
    },

    cardTokenUrl(actor: AuthUser) {
      return {
        url: deps.fawry.cardTokenUrl({ customerProfileId: String(actor.id), returnUrl: `${deps.appUrl}/card-added` }),
      };
    },
  };
}
