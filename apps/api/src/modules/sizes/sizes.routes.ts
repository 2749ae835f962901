import { sizeChartBodySchema, sizeChartPlaceSchema, sizeChartSchema } from '@shop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvFileName, csvHeaders } from '../../lib/csv';
import { refusals } from '../../lib/refusals';
import { can, currentUser, permitted, requirePermission } from '../../plugins/session';
import { chartCsv, parseChartCsv, SIZE_CHART_CSV_MAX_BYTES } from './size-chart-csv';
import { chartFor, getChart, restoreChart, type SizeDeps, saveChart } from './sizes.service';

/** Size charts (issue 39): anyone reads them; staff who edit products change them, as JSON or as CSV. */
export const sizesRoutes: FastifyPluginAsyncZod<{ deps: SizeDeps }> = async (app, { deps }) => {
  // A chart's CSV comes as text; only these routes take it.
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: SIZE_CHART_CSV_MAX_BYTES },
    (_, body, done) => done(null, body),
  );

  app.get(
    '/api/size-charts',
    {
      schema: {
        tags: ['sizes'],
        summary:
          "A brand's size chart for men or women: each US size key in US, UK, EU, CM (foot length) and JP (mm), and where the figures come from; staff with products.write also get the products whose sizes in stock it does not cover",
        querystring: sizeChartPlaceSchema,
        response: { 200: sizeChartSchema, ...refusals(400) },
      },
    },
    async (request, reply) => {
      const viewer = await currentUser(request);
      const withWarnings = can(viewer, 'products.write');
      if (!withWarnings) reply.header('Cache-Control', 'public, max-age=300');
      const { brand, gender } = request.query;
      return getChart(deps, brand, gender, { withWarnings });
    },
  );

  app.put(
    '/api/size-charts/:brand/:gender',
    {
      preValidation: permitted('products.write'),
      schema: {
        tags: ['sizes'],
        summary:
          "Replace a brand's size chart for men or women (products.write): every key once, rising, each system rising with it; audited",
        params: sizeChartPlaceSchema,
        body: sizeChartBodySchema,
        response: { 200: sizeChartSchema, ...refusals(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = await requirePermission(request, 'products.write');
      const { brand, gender } = request.params;
      return saveChart(deps, actor, brand, gender, request.body);
    },
  );

  app.delete(
    '/api/size-charts/:brand/:gender',
    {
      preValidation: permitted('products.write'),
      schema: {
        tags: ['sizes'],
        summary:
          "Give a brand back its published size chart for men or women (products.write): staff's changes are dropped; audited",
        params: sizeChartPlaceSchema,
        response: { 200: sizeChartSchema, ...refusals(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = await requirePermission(request, 'products.write');
      const { brand, gender } = request.params;
      return restoreChart(deps, actor, brand, gender);
    },
  );

  app.get(
    '/api/size-charts/:brand/:gender.csv',
    {
      preValidation: permitted('products.write'),
      schema: {
        tags: ['sizes'],
        summary:
          "A brand's size chart as CSV (products.write): the header key,US,UK,EU,CM,JP and one line per size, to change in a spreadsheet and import again",
        params: sizeChartPlaceSchema,
        response: { 200: z.string(), ...refusals(400, 401, 403) },
      },
    },
    async (request, reply) => {
      await requirePermission(request, 'products.write');
      const { brand, gender } = request.params;
      const chart = await chartFor(deps.db, brand, gender);
      return reply
        .headers(csvHeaders(csvFileName(`size-chart-${brand}-${gender}`)))
        .send(chartCsv(chart.rows));
    },
  );

  app.put(
    '/api/size-charts/:brand/:gender.csv',
    {
      preValidation: permitted('products.write'),
      schema: {
        tags: ['sizes'],
        summary:
          "Replace a brand's size chart from CSV (text/csv, products.write): the header key,US,UK,EU,CM,JP then one line per size; a wrong line is refused naming it, and nothing changes; the chart keeps its source",
        params: sizeChartPlaceSchema,
        response: { 200: sizeChartSchema, ...refusals(400, 401, 403, 413, 415) },
      },
    },
    async (request) => {
      const actor = await requirePermission(request, 'products.write');
      const { brand, gender } = request.params;
      const rows = parseChartCsv(typeof request.body === 'string' ? request.body : '');
      const { source } = await chartFor(deps.db, brand, gender);
      return saveChart(deps, actor, brand, gender, { rows, source });
    },
  );
};
