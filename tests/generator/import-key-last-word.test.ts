// @vitest-environment node
/**
 * A record's key from the item path's parameter (issue 50 item 4): DigitalOcean's floating IP is
 * `/v2/floating_ips/{floating_ip}` and its `ip` "serves as its identifier" — the parameter's last
 * word. Before, the import chose project_id (the first field ending in id), and every lookup,
 * edit and delete sent a project's id where the API wants an address.
 */
import { describe, expect, it } from 'vitest';
import { annotate } from '../../generator/import-openapi/annotate';
import { isJson, type Json } from '../../generator/json';

const record = { $ref: '#/components/schemas/floating_ip' };
const answer = (schema: Json): Json => ({
  description: 'ok',
  content: { 'application/json': { schema } },
});
const document: Json = {
  openapi: '3.0.3',
  info: { title: 'DO', version: '1' },
  paths: {
    '/v2/floating_ips': {
      get: {
        tags: ['Floating IPs'],
        responses: { '200': answer({ type: 'array', items: record }) },
      },
    },
    '/v2/floating_ips/{floating_ip}': {
      get: {
        tags: ['Floating IPs'],
        parameters: [
          {
            name: 'floating_ip',
            in: 'path',
            required: true,
            schema: { type: 'string', format: 'ipv4' },
          },
        ],
        responses: { '200': answer(record) },
      },
    },
  },
  components: {
    schemas: {
      floating_ip: {
        type: 'object',
        properties: {
          project_id: { type: 'string', format: 'uuid' },
          ip: { type: 'string', format: 'ipv4' },
          region: { type: 'string' },
        },
      },
    },
  },
};

describe('the key of a record named by its path parameter', () => {
  it('{floating_ip} is the record’s ip, its last word, not project_id', () => {
    const annotation = annotate(document, { name: 'do', title: 'DO', menuGroup: 'do' });
    const keys = annotation.edits.flatMap(({ value }) => {
      const admin = isJson(value) && isJson(value['x-admin']) ? value['x-admin'] : value;
      return isJson(admin) && typeof admin.module === 'string' ? [admin.primaryKey] : [];
    });
    expect(keys).toEqual(['ip']);
    expect(annotation.notes).toContain(
      'resource floating-ips: key ip — path parameter {floating_ip} ends in ip, a field of floating_ip',
    );
  });
});
