import {
  lowStockPageSchema,
  lowStockQuerySchema,
  ordersExportQuerySchema,
  salesQuerySchema,
  salesReportSchema,
  taxReportQuerySchema,
  taxReportSchema,
} from '@shop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvFileName, csvHeaders, csvResponse, noCsvBody } from '../../lib/csv';
import { refusals } from '../../lib/refusals';
import { permitted, requirePermission, requireStepUp } from '../../plugins/session';
import { consumeForAccount } from '../rate-limit';
import { exportOrders } from './orders-export';
import { lowStockSizes, salesReport } from './sales.service';
import { taxReport } from './tax-report';
import { taxReportCsv } from './tax-report-csv';

/**
 * The Sales view: paid orders per day and in total and best sellers over 30 or 90 days; the sizes running
 * low; and the orders export.
 */
export const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/sales',
    {
      preValidation: permitted('sales.read'),
      schema: {
        tags: ['admin'],
        summary:
          'Sales of the last 30 or 90 days (sales.read): paid orders per day (UTC, zero-filled) and in total, best sellers',
        querystring: salesQuerySchema,
        response: { 200: salesReportSchema, ...refusals(400, 401, 403) },
      },
    },
    (request) => salesReport(app.db, request.query.days),
  );

  app.get(
    '/api/admin/sales/low-stock',
    {
      preValidation: permitted('sales.read'),
      schema: {
        tags: ['admin'],
        summary:
          'Sizes of products on sale with `threshold` units or fewer (sales.read), fewest first, 20 a page, with their total',
        querystring: lowStockQuerySchema,
        response: { 200: lowStockPageSchema, ...refusals(400, 401, 403) },
      },
    },
    (request) => lowStockSizes(app.db, request.query.page),
  );

  app.get(
    '/api/admin/tax/report',
    {
      preValidation: permitted('sales.read'),
      schema: {
        tags: ['tax'],
        summary:
          'The tax report of the days [from, to] (sales.read; the CSV also exports.read): per place and rate, net sales, tax, orders and refunds; `format=csv` for the CSV to file from (the One-Stop-Shop lines first)',
        querystring: taxReportQuerySchema,
        produces: ['application/json', 'text/csv'],
        response: {
          200: taxReportSchema.or(
            csvResponse(
              'with format=csv, a header row, then one row per place and rate: section (OSS, domestic, other), member_state_of_consumption (or the US state, US-CA), rate_type, vat_rate (a percentage; empty where none was collected), taxable_amount, vat_amount, correction_taxable_amount_refunded, correction_vat_amount_refunded, orders, reason',
            ),
          ),
          ...refusals(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      if (format === 'json') return taxReport(app.db, from, to);
      // Every CSV is an export: the file needs exports.read besides the report's sales.read.
      const { id } = await requirePermission(request, 'exports.read');
      reply.headers(csvHeaders(`tax-report-${from}-to-${to}.csv`));
      if (request.method === 'HEAD') return reply.send(noCsvBody());
      await requireStepUp(request);
      await consumeForAccount(app.rateLimits, app.config.auth.rateLimitScale, 'exports', id);
      return reply.send(await taxReportCsv(await taxReport(app.db, from, to)));
    },
  );

  // A static path: the router prefers it to /api/orders/:id whatever the order of registration.
  app.get(
    '/api/orders/export.csv',
    {
      preValidation: permitted('exports.read'),
      schema: {
        tags: ['orders'],
        summary:
          "Every order matching the admin list's filters as CSV (exports.read), one row per order line, oldest first; streamed",
        querystring: ordersExportQuerySchema,
        produces: ['text/csv', 'application/json'],
        response: {
          200: csvResponse(
            'a header row, then one row per order line: order_id, order_number, date (ISO), state, provider, customer_username, customer_email, product_id, product_name, brand, size, count, unit_price, line_total, order_total, fulfilment, shipped_at (the first shipment, ISO), carrier and tracking (every shipment, separated by "; "), shipping_method, shipping, line_discount, discount_code, order_discount, credit_used, line_tax_rate (a percentage; empty where none was collected), line_tax, order_tax, prices_include_tax (yes or no), tax_jurisdiction, currency (ISO 4217, the order currency)',
          ),
          ...refusals(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      reply.headers(csvHeaders(csvFileName('orders')));
      if (request.method === 'HEAD') return reply.send(noCsvBody());
      const { id } = await requirePermission(request, 'exports.read');
      await requireStepUp(request);
      await consumeForAccount(app.rateLimits, app.config.auth.rateLimitScale, 'exports', id);
      return reply.send(await exportOrders(app.db, request.query));
    },
  );
};
