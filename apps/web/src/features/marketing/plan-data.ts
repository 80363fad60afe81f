import {
  FREE_DAILY_REPLIES,
  FREE_PLAN_MAX_CARDS,
  PRO_DAILY_REPLIES,
  PRO_PRICE_MONTHLY_USD,
  PRO_PRICE_YEARLY_USD,
  YEARLY_SAVING_PERCENT,
} from '@turtle/shared/constants';
import { formatCount as count, usd } from '../../lib/format-price';

export { count, FREE_DAILY_REPLIES, PRO_DAILY_REPLIES };

export const FREE_PRICE = usd(0);
export const PRO_MONTHLY = usd(PRO_PRICE_MONTHLY_USD);
export const PRO_YEARLY = usd(PRO_PRICE_YEARLY_USD);
export const YEARLY_SAVING = `${YEARLY_SAVING_PERCENT}%`;
export const FREE_CARDS = count(FREE_PLAN_MAX_CARDS);
