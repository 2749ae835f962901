import { useCancelOrderMutation } from '../../../lib/cancel-order';
import { ORDERS_QUERY_KEY } from './get-orders';

/** The owner cancels a pending order: it is shown cancelled at once, and the orders list is read again. */
export const useCancelOrder = () =>
  useCancelOrderMutation((order, queryClient) => {
    queryClient.setQueryData([...ORDERS_QUERY_KEY, 'one', order._id], order);
    return queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
  });
