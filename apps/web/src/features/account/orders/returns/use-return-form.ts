import {
  type Order,
  type OrderReturn,
  RETURN_COMMENT_MAX,
  type ReturnBody,
  type ReturnReason,
  type ReturnRefundTo,
  type ReturnResolution,
} from '@shop/contracts';
import { useState } from 'react';
import { ApiError, errorText } from '../../../../lib/api';
import { useCreateReturn } from '../../api/create-return';
import { useExchangeStock } from '../../api/get-exchange-stock';
import { commentRequired, type ReturnableLine, returnableLines } from './return-rules';

/** What the buyer chose for one line: how many pairs go back (0: none) and what they want for them. */
export interface LineChoice {
  count: number;
  resolution: ReturnResolution;
  exchangeSize: string;
  /** Why these pairs go back ('' until the buyer chooses). */
  reason: ReturnReason | '';
}

/** Field errors by name: `lines.<index in the form>.count|exchangeSize|reason`, `lines`, `comment`. */
export type ReturnFormErrors = Record<string, string>;

export const LINES_ERROR = 'Choose at least one pair to send back.';
export const REASON_ERROR = 'Choose why these pairs go back.';
export const COMMENT_ERROR = 'Tell us what is wrong with them.';
export const EXCHANGE_SIZE_ERROR = 'Choose the size you want instead.';

/** "Other" on any pair that goes back needs the buyer's own words. */
const needsComment = (lines: LineChoice[]) =>
  lines.some((line) => line.count > 0 && commentRequired(line.reason));

/** The form's own checks, before anything is sent: the same rules the server applies to the body. */
function check(lines: LineChoice[], comment: string): ReturnFormErrors {
  const errors: ReturnFormErrors = {};
  if (!lines.some((line) => line.count > 0)) errors.lines = LINES_ERROR;
  lines.forEach((line, index) => {
    if (line.count > 0 && line.resolution === 'exchange' && !line.exchangeSize)
      errors[`lines.${index}.exchangeSize`] = EXCHANGE_SIZE_ERROR;
    if (line.count > 0 && !line.reason) errors[`lines.${index}.reason`] = REASON_ERROR;
  });
  if (needsComment(lines) && !comment.trim()) errors.comment = COMMENT_ERROR;
  if (comment.trim().length > RETURN_COMMENT_MAX)
    errors.comment = `Keep it to ${RETURN_COMMENT_MAX} characters.`;
  return errors;
}

/** The body the API takes, and for each of its lines the form line it came from. */
function toBody(
  returnable: ReturnableLine[],
  lines: LineChoice[],
  { comment, refundTo }: { comment: string; refundTo: ReturnRefundTo },
) {
  const formIndex: number[] = [];
  const bodyLines: ReturnBody['lines'] = [];
  lines.forEach((choice, index) => {
    const line = returnable[index];
    if (!line || choice.count === 0 || !choice.reason) return;
    formIndex.push(index);
    bodyLines.push({
      productId: line.productId,
      size: line.size,
      count: choice.count,
      resolution: choice.resolution,
      ...(choice.resolution === 'exchange' ? { exchangeSize: choice.exchangeSize } : {}),
      reason: choice.reason,
    });
  });
  const trimmed = comment.trim();
  const body: ReturnBody = {
    lines: bodyLines,
    ...(trimmed ? { comment: trimmed } : {}),
    ...(bodyLines.some((line) => line.resolution === 'refund') ? { refundTo } : {}),
  };
  return { body, formIndex };
}

/** The server's field names (`lines.<index in the body>.…`) as the form names its fields. */
function serverErrors(error: unknown, formIndex: number[]): ReturnFormErrors {
  if (!(error instanceof ApiError)) return {};
  const errors: ReturnFormErrors = {};
  for (const [field, reason] of Object.entries(error.fields)) {
    const match = /^lines\.(\d+)\.(\w+)/.exec(field);
    if (match) {
      const index = formIndex[Number(match[1])];
      const name = match[2] === 'exchangeSize' || match[2] === 'reason' ? match[2] : 'count';
      if (index !== undefined) errors[`lines.${index}.${name}`] = reason;
    } else if (field === 'comment' || field === 'lines') errors[field] = reason;
  }
  return errors;
}

/**
 * The buyer's return form on one order: a choice per returnable line with its reason, the comment, the
 * sizes in stock for an exchange, the checks, and the call. `onOpened` hears the new return.
 */
export function useReturnForm(order: Order, onOpened: (opened: OrderReturn) => void) {
  const [returnable] = useState(() => returnableLines(order));
  const [lines, setLines] = useState<LineChoice[]>(() =>
    returnable.map(() => ({
      count: returnable.length === 1 ? 1 : 0,
      resolution: 'refund',
      exchangeSize: '',
      reason: '',
    })),
  );
  const [comment, setComment] = useState('');
  const [refundTo, setRefundTo] = useState<ReturnRefundTo>('original');
  const [errors, setErrors] = useState<ReturnFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateReturn();
  const stock = useExchangeStock(returnable.map((line) => line.productId));

  const changeLine = (index: number, change: Partial<LineChoice>) => {
    setLines((current) => current.map((line, at) => (at === index ? { ...line, ...change } : line)));
    setErrors((current) => {
      const {
        lines: _lines,
        [`lines.${index}.count`]: _count,
        [`lines.${index}.exchangeSize`]: _size,
        [`lines.${index}.reason`]: _reason,
        ...rest
      } = current;
      // Another reason may be one that needs no comment.
      const { comment: _comment, ...withoutComment } = rest;
      return change.reason === undefined ? rest : withoutComment;
    });
  };

  /** Checks and sends; answers the field errors found (empty when it went through or the server refused). */
  const submit = async (): Promise<ReturnFormErrors> => {
    setFailure(null);
    const found = check(lines, comment);
    setErrors(found);
    if (Object.keys(found).length > 0) return found;
    const { body, formIndex } = toBody(returnable, lines, { comment, refundTo });
    try {
      onOpened(await create.mutateAsync({ orderId: order._id, body }));
      return {};
    } catch (error) {
      const refused = serverErrors(error, formIndex);
      setErrors(refused);
      setFailure(`Your return was not opened: ${errorText(error)}`);
      return refused;
    }
  };

  return {
    returnable,
    lines,
    comment,
    /** A pair going back for "Other" needs the buyer's words. */
    needsComment: needsComment(lines),
    refundTo,
    setRefundTo,
    /** A pair chosen goes back for its money: where the refund goes is asked. */
    refunding: lines.some((line) => line.count > 0 && line.resolution === 'refund'),
    errors,
    failure,
    busy: create.isPending,
    stock,
    changeLine,
    setComment: (next: string) => {
      setComment(next);
      setErrors(({ comment: _comment, ...rest }) => rest);
    },
    dismissFailure: () => setFailure(null),
    submit,
  };
}
