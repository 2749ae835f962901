import {
  taxIdParamsSchema,
  taxRateBodySchema,
  taxRateSchema,
  taxRatesSchema,
  taxRegistrationBodySchema,
  taxRegistrationSchema,
  taxRegistrationsSchema,
  taxSettingsBodySchema,
  taxSettingsSchema,
  taxThresholdBodySchema,
  taxThresholdParamsSchema,
  taxThresholdsSchema,
  usThresholdSchema,
} from '@shop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusals } from '../../lib/refusals';
import { currentUser, permitted, requirePermission, requireStepUp } from '../../plugins/session';
import * as tax from './tax.service';
import { taxThresholds, updateNexusThreshold } from './tax-thresholds.service';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** The shop's tax: its settings (how shoppers see prices), its rate table and where it collects tax. */
export const taxRoutes: FastifyPluginAsyncZod<{ deps: tax.TaxDeps }> = async (app, { deps }) => {
  settingsRoutes(app, deps);
  rateRoutes(app, deps);
  registrationRoutes(app, deps);
  thresholdRoutes(app, deps);
};

function settingsRoutes(app: ZodApp, deps: tax.TaxDeps) {
  app.get(
    '/api/tax/settings',
    {
      schema: {
        tags: ['tax'],
        summary:
          "The shop's tax settings: its currency and how prices are shown to everyone; every setting to staff",
        response: { 200: taxSettingsSchema },
      },
    },
    async (request) => tax.settingsFor(deps, await currentUser(request)),
  );

  app.put(
    '/api/tax/settings',
    {
      preValidation: permitted('tax.write'),
      schema: {
        tags: ['tax'],
        summary:
          'Change the tax settings (tax.write): the fields sent; a new currency applies to new orders only',
        body: taxSettingsBodySchema,
        response: { 200: taxSettingsSchema, ...refusals(400, 401, 403) },
      },
    },
    async (request) => {
      const admin = await requirePermission(request, 'tax.write');
      await requireStepUp(request);
      return tax.updateSettings(deps, admin, request.body);
    },
  );
}

function rateRoutes(app: ZodApp, deps: tax.TaxDeps) {
  app.get(
    '/api/tax/rates',
    {
      preValidation: permitted('tax.write'),
      schema: {
        tags: ['tax'],
        summary: 'The tax rate table (tax.write): per country or US state and category, with their days',
        response: { 200: taxRatesSchema, ...refusals(401, 403) },
      },
    },
    async () => ({ rates: await tax.listRates(deps) }),
  );

  app.post(
    '/api/tax/rates',
    {
      preValidation: permitted('tax.write'),
      schema: {
        tags: ['tax'],
        summary:
          'Add a tax rate (tax.write); its days may not overlap another of the same place and category',
        body: taxRateBodySchema,
        response: { 201: taxRateSchema, ...refusals(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await tax.createRate(deps, await requirePermission(request, 'tax.write'), request.body)),
  );

  app.put(
    '/api/tax/rates/:id',
    {
      preValidation: permitted('tax.write'),
      schema: {
        tags: ['tax'],
        summary: 'Change or end a tax rate (tax.write); orders already placed keep the tax they were charged',
        params: taxIdParamsSchema,
        body: taxRateBodySchema,
        response: { 200: taxRateSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      tax.updateRate(deps, await requirePermission(request, 'tax.write'), request.params.id, request.body),
  );

  app.delete(
    '/api/tax/rates/:id',
    {
      preValidation: permitted('tax.write'),
      schema: {
        tags: ['tax'],
        summary:
          'Delete a tax rate (tax.write); orders already placed keep the tax they were charged; a place where the shop collects tax keeps a rate',
        params: taxIdParamsSchema,
        response: { 200: taxRateSchema, ...refusals(400, 401, 403, 404, 409) },
      },
    },
    async (request) => tax.deleteRate(deps, await requirePermission(request, 'tax.write'), request.params.id),
  );
}

function registrationRoutes(app: ZodApp, deps: tax.TaxDeps) {
  app.get(
    '/api/tax/registrations',
    {
      preValidation: permitted('tax.write'),
      schema: {
        tags: ['tax'],
        summary: 'Where the shop is registered to collect tax (tax.write)',
        response: { 200: taxRegistrationsSchema, ...refusals(401, 403) },
      },
    },
    async () => ({ registrations: await tax.listRegistrations(deps) }),
  );

  app.post(
    '/api/tax/registrations',
    {
      preValidation: permitted('tax.write'),
      schema: {
        tags: ['tax'],
        summary:
          'Register the shop to collect tax in a country or US state (tax.write); the place must have rates',
        body: taxRegistrationBodySchema,
        response: { 201: taxRegistrationSchema, ...refusals(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await tax.register(deps, await requirePermission(request, 'tax.write'), request.body)),
  );

  app.delete(
    '/api/tax/registrations/:id',
    {
      preValidation: permitted('tax.write'),
      schema: {
        tags: ['tax'],
        summary: 'Stop collecting tax in a place (tax.write)',
        params: taxIdParamsSchema,
        response: { 200: taxRegistrationSchema, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => tax.unregister(deps, await requirePermission(request, 'tax.write'), request.params.id),
  );
}

function thresholdRoutes(app: ZodApp, deps: tax.TaxDeps) {
  app.get(
    '/api/admin/tax/thresholds',
    {
      preValidation: permitted('tax.write'),
      schema: {
        tags: ['tax'],
        summary:
          "This year's sales against the EU's One-Stop-Shop threshold (EUR 10,000) and each US state's economic-nexus thresholds (tax.write); near from 80 %",
        response: { 200: taxThresholdsSchema, ...refusals(401, 403) },
      },
    },
    () => taxThresholds(deps.db),
  );

  app.put(
    '/api/admin/tax/thresholds/:state',
    {
      preValidation: permitted('tax.write'),
      schema: {
        tags: ['tax'],
        summary: "Change a US state's economic-nexus thresholds (tax.write); null: none",
        params: taxThresholdParamsSchema,
        body: taxThresholdBodySchema,
        response: { 200: usThresholdSchema, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) =>
      updateNexusThreshold(
        deps,
        await requirePermission(request, 'tax.write'),
        request.params.state,
        request.body,
      ),
  );
}
