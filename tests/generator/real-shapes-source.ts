/**
 * A small source document in the shapes that made `verify --source --writes` fail against the
 * REST mock on issue 50's published documents (DigitalOcean's, mostly), each seen once:
 * - a record key field that states no format under an item path parameter that is a uuid
 *   (`id: { type: string }`, `/machines/{machine_id}` with `format: uuid`);
 * - values the mock must make in the schema's bounds: `ipv4`, `ipv6`, `hostname`, `byte`
 *   formats, `multipleOf`, and an array declared through an `allOf` of a named array schema;
 * - an add body that is a `oneOf` of two objects sharing one field (name) but each requiring its
 *   own (image or snapshot), one of them requiring a field it does not declare (region);
 * - an edit body `{ name: { $ref: MachineName } }` whose one field is a named string schema,
 *   which is the record, not a wrapper of it;
 * - an edit body that requires a field the add body does not have (`is_default`);
 * - a record with no text or number field (listmonk's Bounce, `{ results: [...] }`) under an
 *   item path `/reports/{id}` whose integer `{id}` it does not declare;
 * - answers whose record schema is not the entity's: a list of `CampaignRow`s `{ id, name,
 *   stats }` (Kratos' identity schema containers), an add answering a `CampaignEcho` whose
 *   `lists` are ids where the Campaign keeps `{ id, name }` objects (listmonk's campaigns);
 * - an add body that takes any `type` text where the record allows `regular` or `optin`, and
 *   a `send_at` object where the record keeps a text;
 * - a GET that only redirects (`303`, Kratos' `/.well-known/change-password`);
 * - DigitalOcean's: a field required but not declared (`urn`), a `oneOf` of two texts and a
 *   boolean (`value`), an add answering `oneOf: [{ machine, links }, { machines, links }]`, a
 *   GET taking any text as the key where the DELETE takes a uuid, an add declaring only error
 *   statuses and a default error, a readOnly field the add body sends (`owner_id`), an edit
 *   body whose `tags` are objects where the add's are texts, a default no JSON number keeps.
 */

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const uuidParam = (name: string) => ({
  name,
  in: 'path',
  required: true,
  schema: { type: 'string', format: 'uuid' },
});

export const REAL_SHAPES_DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Real shapes', version: '1.0.0' },
  servers: [{ url: 'https://cloud.example/v2' }],
  tags: [{ name: 'Machines' }, { name: 'Projects' }, { name: 'Reports' }, { name: 'Campaigns' }],
  paths: {
    '/machines': {
      get: {
        tags: ['Machines'],
        operationId: 'listMachines',
        responses: {
          '200': {
            description: 'machines',
            ...json({
              type: 'object',
              required: ['machines'],
              properties: { machines: { type: 'array', items: ref('Machine') } },
            }),
          },
        },
      },
      post: {
        tags: ['Machines'],
        operationId: 'createMachine',
        requestBody: {
          required: true,
          ...json({ oneOf: [ref('MachineFromImage'), ref('MachineFromSnapshot')] }),
        },
        responses: {
          '201': {
            description: 'made',
            ...json({
              oneOf: [
                {
                  type: 'object',
                  required: ['machine', 'links'],
                  properties: { machine: ref('Machine'), links: ref('Links') },
                },
                {
                  type: 'object',
                  required: ['machines', 'links'],
                  properties: {
                    machines: { type: 'array', items: ref('Machine') },
                    links: ref('Links'),
                  },
                },
              ],
            }),
          },
        },
      },
    },
    '/machines/{machine_id}': {
      parameters: [{ name: 'machine_id', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        tags: ['Machines'],
        operationId: 'getMachine',
        responses: {
          '200': {
            description: 'one',
            ...json({ type: 'object', properties: { machine: ref('Machine') } }),
          },
        },
      },
      put: {
        tags: ['Machines'],
        operationId: 'renameMachine',
        requestBody: {
          required: true,
          ...json({ type: 'object', required: ['name'], properties: { name: ref('MachineName') } }),
        },
        responses: {
          '200': {
            description: 'renamed',
            ...json({ type: 'object', properties: { machine: ref('Machine') } }),
          },
        },
      },
      delete: {
        tags: ['Machines'],
        operationId: 'deleteMachine',
        parameters: [uuidParam('machine_id')],
        responses: { '204': { description: 'gone' } },
      },
    },
    '/projects': {
      get: {
        tags: ['Projects'],
        operationId: 'listProjects',
        responses: {
          '200': { description: 'projects', ...json({ type: 'array', items: ref('Project') }) },
        },
      },
      post: {
        tags: ['Projects'],
        operationId: 'createProject',
        requestBody: { required: true, ...json(ref('ProjectNew')) },
        responses: {
          '401': { description: 'no', ...json(ref('Error')) },
          default: { description: 'an error', ...json(ref('Error')) },
        },
      },
    },
    '/projects/{project_id}': {
      parameters: [uuidParam('project_id')],
      get: {
        tags: ['Projects'],
        operationId: 'getProject',
        responses: { '200': { description: 'one', ...json(ref('Project')) } },
      },
      put: {
        tags: ['Projects'],
        operationId: 'updateProject',
        requestBody: { required: true, ...json(ref('ProjectUpdate')) },
        responses: { '200': { description: 'updated', ...json(ref('Project')) } },
      },
      delete: {
        tags: ['Projects'],
        operationId: 'deleteProject',
        responses: { '204': { description: 'gone' } },
      },
    },
    '/reports': {
      get: {
        tags: ['Reports'],
        operationId: 'listReports',
        responses: {
          '200': { description: 'reports', ...json({ type: 'array', items: ref('Report') }) },
        },
      },
    },
    '/reports/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      get: {
        tags: ['Reports'],
        operationId: 'getReport',
        responses: { '200': { description: 'one', ...json(ref('Report')) } },
      },
    },
    '/campaigns': {
      get: {
        tags: ['Campaigns'],
        operationId: 'listCampaigns',
        responses: {
          '200': {
            description: 'campaigns',
            ...json({ type: 'array', items: ref('CampaignRow') }),
          },
        },
      },
      post: {
        tags: ['Campaigns'],
        operationId: 'createCampaign',
        requestBody: { required: true, ...json(ref('CampaignRequest')) },
        responses: {
          '200': {
            description: 'made',
            ...json({ type: 'object', properties: { data: ref('CampaignEcho') } }),
          },
        },
      },
    },
    '/campaigns/{campaign_id}': {
      parameters: [
        { name: 'campaign_id', in: 'path', required: true, schema: { type: 'integer' } },
      ],
      get: {
        tags: ['Campaigns'],
        operationId: 'getCampaign',
        responses: {
          '200': {
            description: 'one',
            ...json({ type: 'object', properties: { data: ref('Campaign') } }),
          },
        },
      },
      delete: {
        tags: ['Campaigns'],
        operationId: 'deleteCampaign',
        responses: { '204': { description: 'gone' } },
      },
    },
    '/.well-known/change-password': {
      get: {
        operationId: 'changePasswordPage',
        responses: { '303': { description: 'to the settings page' } },
      },
    },
  },
  components: {
    schemas: {
      MachineName: { type: 'string', maxLength: 40 },
      Links: {
        type: 'object',
        required: ['actions'],
        properties: { actions: { type: 'array', items: { type: 'string' } } },
      },
      Error: {
        type: 'object',
        required: ['id', 'message'],
        properties: { id: { type: 'string' }, message: { type: 'string' } },
      },
      Tags: { type: 'array', items: { type: 'string' }, nullable: true },
      Machine: {
        type: 'object',
        required: ['id', 'name', 'ip', 'memory', 'urn'],
        properties: {
          id: { type: 'string', readOnly: true },
          value: {
            example: 'Unlimited',
            oneOf: [{ type: 'string' }, { type: 'boolean' }, { type: 'string', example: '1000' }],
          },
          name: ref('MachineName'),
          image: { type: 'string' },
          snapshot: { type: 'string' },
          ip: { type: 'string', format: 'ipv4' },
          ipv6: { type: 'string', format: 'ipv6' },
          host: { type: 'string', format: 'hostname' },
          user_data: { type: 'string', format: 'byte' },
          memory: { type: 'integer', minimum: 8, multipleOf: 8 },
          tags: { allOf: [ref('Tags'), { description: 'The tags of the machine.' }] },
        },
      },
      MachineFromImage: {
        type: 'object',
        required: ['name', 'image', 'region'],
        properties: { name: ref('MachineName'), image: { type: 'string' } },
      },
      MachineFromSnapshot: {
        type: 'object',
        required: ['name', 'snapshot'],
        properties: { name: ref('MachineName'), snapshot: { type: 'string' } },
      },
      Project: {
        type: 'object',
        required: ['id', 'name'],
        properties: {
          id: { type: 'string', readOnly: true },
          name: { type: 'string' },
          is_default: { type: 'boolean' },
          owner_id: { type: 'string', readOnly: true },
          tags: { type: 'array', items: { type: 'object' } },
        },
      },
      Report: {
        type: 'object',
        properties: {
          results: {
            type: 'array',
            items: { type: 'object', properties: { n: { type: 'integer' } } },
          },
        },
      },
      Campaign: {
        type: 'object',
        required: ['id', 'name', 'type', 'lists'],
        properties: {
          id: { type: 'integer', readOnly: true },
          name: { type: 'string' },
          type: { type: 'string', enum: ['regular', 'optin'] },
          send_at: { type: 'string' },
          lists: { type: 'array', items: ref('ListRef') },
        },
      },
      ListRef: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: { type: 'integer' }, name: { type: 'string' } },
      },
      CampaignRow: {
        type: 'object',
        required: ['id', 'name', 'stats'],
        properties: {
          id: { type: 'integer' },
          name: { type: 'string' },
          stats: { type: 'object', properties: { sent: { type: 'integer' } } },
        },
      },
      CampaignRequest: {
        type: 'object',
        required: ['name', 'type'],
        properties: {
          name: { type: 'string' },
          type: { type: 'string' },
          send_at: { type: 'object', properties: { at: { type: 'string' } } },
          lists: { type: 'array', items: { type: 'integer' } },
        },
      },
      CampaignEcho: {
        type: 'object',
        required: ['name', 'lists'],
        properties: {
          name: { type: 'string' },
          lists: { type: 'array', items: { type: 'integer' } },
        },
      },
      ProjectNew: {
        type: 'object',
        required: ['name', 'owner_id', 'quota'],
        properties: {
          name: { type: 'string' },
          owner_id: { type: 'string' },
          tags: { type: 'array', items: { type: 'string' } },
          quota: { type: 'integer', default: 2 ** 63 },
        },
      },
      ProjectUpdate: {
        type: 'object',
        required: ['name', 'is_default'],
        properties: {
          name: { type: 'string' },
          is_default: { type: 'boolean' },
          tags: { type: 'array', items: { type: 'object' } },
        },
      },
    },
  },
};
