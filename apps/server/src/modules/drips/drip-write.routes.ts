import {
  DRIP_LIST_TYPES,
  dripListWriteSchema,
  dripScheduleSchema,
  dripSchema,
  dripSetupSchema,
  wrapped,
} from '@pushdeck/contracts';
import { z } from 'zod';
import type { App } from '../../plugins/types.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { domainGroupParams, idParams, statusParams } from './drip-route-schemas.ts';
import { DRIP_PERMISSIONS, editPermission } from './drips.policy.ts';

const tags = ['drips'];
const dripList = wrapped(z.array(dripSchema));
const anyObject = z.record(z.string(), z.unknown());
const yes = (v: unknown) => ['1', 'true', 'yes'].includes(String(v ?? '').toLowerCase());

/** Creating and changing drips: createOrUpdate lists, status, group schedules, the trigger creator and editors. */
export function dripWriteRoutes(app: App, deps: ModuleDeps): void {
  const { drips, dripSave: save } = deps.services;

  for (const type of DRIP_LIST_TYPES) {
    const write = type === 'trigger' ? DRIP_PERMISSIONS.saveTriggers : DRIP_PERMISSIONS.write;

    app.post(
      `/api/v1/drips/${type}/createOrUpdate`,
      {
        config: { permission: write, dripList: true },
        schema: {
          tags,
          summary: `Create or update a list of ${type} drips with schedule and audiences, all or nothing (201 when any was created, always 200 with header withCopy: 1, as the copy tools expect); header withReplaceUrlButtons: buttons open the drip's url`,
          body: dripListWriteSchema(type),
          response: { 200: dripList, 201: dripList },
        },
      },
      async (request, reply) => {
        const replaceUrlButtons = yes(request.headers.withreplaceurlbuttons);
        const result = await save.saveList(request.actor!, type, request.body, { replaceUrlButtons });
        // the copy tools count only 200 as success (part 2 §7): they send withCopy
        const status = result.created && !yes(request.headers.withcopy) ? 201 : 200;
        return reply.status(status).send({ data: result.drips });
      },
    );

    app.post(
      `/api/v1/drips/${type}/updateStatus/:domain_id/:group_id/:status`,
      {
        config: { permission: editPermission(type) },
        schema: {
          tags,
          summary: `Switch the ${type} drips of a group (group null: the website's ungrouped ones) on (1) or off (0)`,
          params: statusParams,
          response: { 200: dripList },
        },
      },
      async (request) => {
        const { domain_id, group_id, status } = request.params;
        const sel = { type, domainId: domain_id, groupId: group_id };
        return { data: await drips.updateStatus(request.actor!, sel, status as 0 | 1) };
      },
    );

    app.post(
      `/api/v1/drips/${type}/updateScheduleByGroup/:domainId/:groupId`,
      {
        config: { permission: editPermission(type) },
        schema: {
          tags,
          summary: `Set schedule fields (and audiences) of every ${type} drip of a group; planned again at once`,
          params: domainGroupParams,
          body: dripScheduleSchema,
          response: { 200: dripList },
        },
      },
      async (request) => {
        const { domainId, groupId } = request.params;
        const sel = { type, domainId, groupId };
        return { data: await drips.updateScheduleByGroup(request.actor!, sel, request.body) };
      },
    );
  }

  app.post(
    '/api/v1/drips/recurring/setup',
    {
      config: { permission: DRIP_PERMISSIONS.setup },
      schema: {
        tags,
        summary:
          "Drip Setup: one new recurring drip on the audience's website (drip.domain_id) and on every other website of domain_ids, with each website's audience of the same name (made with the same query where missing), in one transaction",
        body: dripSetupSchema,
        response: { 201: dripList },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await save.setup(request.actor!, request.body) }),
  );

  app.put(
    '/api/v1/drips/:id',
    {
      config: { permission: DRIP_PERMISSIONS.writeAny },
      schema: {
        tags,
        summary: 'Replace a drip with the whole object the editor holds (trigger editor: url and message required)',
        params: idParams,
        body: anyObject,
        response: { 200: wrapped(dripSchema) },
      },
    },
    async (request) => ({ data: await save.update(request.actor!, request.params.id, request.body) }),
  );

  app.post(
    '/api/v1/drips',
    {
      config: { permission: DRIP_PERMISSIONS.createAny },
      schema: {
        tags,
        summary: 'Create one drip (the trigger creator: type trigger by default, event unique per website)',
        body: anyObject,
        response: { 201: wrapped(dripSchema) },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await save.create(request.actor!, request.body) }),
  );
}
