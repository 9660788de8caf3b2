import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parseAllDocuments, stringify } from 'yaml';
import { checkFolder } from './kubernetes-manifests.mjs';

const SCRIPT = fileURLToPath(new URL('./kubernetes-manifests.mjs', import.meta.url));
const COMMITTED = fileURLToPath(new URL('../../deploy/kubernetes', import.meta.url));

let folders = [];
afterEach(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  folders = [];
});

/** A copy of deploy/kubernetes with `change` applied to the objects of one file. */
function changed(file, change) {
  const folder = mkdtempSync(join(tmpdir(), 'manifests-'));
  folders.push(folder);
  cpSync(COMMITTED, folder, { recursive: true });
  const objects = parseAllDocuments(readFileSync(join(folder, file), 'utf8')).map((d) => d.toJS());
  change(objects);
  writeFileSync(join(folder, file), objects.map((o) => stringify(o)).join('---\n'));
  return folder;
}
const api = (objects) => objects.find((o) => o.kind === 'Deployment');
const apiContainer = (objects) => api(objects).spec.template.spec.containers[0];

describe('kubernetes-manifests.mjs', () => {
  it('passes the committed manifests, every object of every listed file checked', async () => {
    const { objects, findings } = await checkFolder(COMMITTED);
    expect(findings).toEqual([]);
    expect(objects.map((o) => o.kind)).toEqual(
      expect.arrayContaining(['Deployment', 'PodDisruptionBudget', 'Job', 'DaemonSet', 'Ingress', 'Service']),
    );
  });

  it.each([
    ['a value of the wrong type', (o) => (api(o).spec.minReadySeconds = 'ten'), /minReadySeconds: must be integer/],
    [
      'a required field left out',
      (o) => delete apiContainer(o).name,
      /containers\.0: must have required property name/,
    ],
    ['a misspelt field', (o) => (apiContainer(o).readinessProbes = {}), /containers\[0\]\.readinessProbes: no such/],
    ['a misspelt field deep down', (o) => (apiContainer(o).resources.request = {}), /resources\.request: no such/],
    ['a misspelt metadata field', (o) => (api(o).metadata.label = {}), /\.metadata\.label: no such field/],
    ['a kind with no schema', (o) => (api(o).apiVersion = 'apps/v9'), /no Kubernetes schema for apps\/v9\/Deployment/],
    [
      'a selector that misses its pods',
      (o) => (api(o).spec.selector.matchLabels['app.kubernetes.io/component'] = 'web'),
      /Deployment\/darsak-api: its selector does not pick its own pods/,
    ],
    [
      'a probe on a port the container does not open',
      (o) => (apiContainer(o).readinessProbe.httpGet.port = 'http'),
      /readinessProbe names port http/,
    ],
  ])('fails on %s', async (_name, change, finding) => {
    const { findings } = await checkFolder(changed('api.yaml', change));
    expect(findings.join('\n')).toMatch(finding);
  });

  it('fails on an Ingress to a Service port that does not exist', async () => {
    const folder = changed('ingress.yaml', ([ingress]) => {
      ingress.spec.rules[0].http.paths[0].backend.service.port = { name: 'web' };
    });
    expect((await checkFolder(folder)).findings.join('\n')).toMatch(/goes to darsak-api:web, no such Service port/);
  });

  it('exits 1 naming the finding, and fails on a manifest the kustomization does not list', () => {
    const folder = changed('api.yaml', () => {});
    writeFileSync(join(folder, 'extra.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: extra }\n');
    const run = spawnSync(process.execPath, [SCRIPT, folder], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/FAIL extra\.yaml: not in kustomization\.yaml, so never applied/);
  });
});
