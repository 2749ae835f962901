import { useCancelOrderMutation } from '../../../../lib/cancel-order';
import { adminOrderKey } from './get-order';
import { ADMIN_ORDER_LISTS_KEY } from './get-orders';

/** Staff cancel a pending order: it is shown cancelled at once, and the staff's order lists are read again. */
export const useCancelOrder = () =>
  useCancelOrderMutation((order, queryClient) => {
    queryClient.setQueryData(adminOrderKey(order._id), order);
    return queryClient.invalidateQueries({ queryKey: ADMIN_ORDER_LISTS_KEY });
  });
