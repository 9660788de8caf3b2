// Checks deploy/kubernetes offline, as the cluster's API server would refuse it: every file its kustomization.yaml
// lists (and no other manifest beside them) against Kubernetes' OpenAPI schemas (kubernetes-models' validators:
// types, required fields, enums), with no field the schema does not know (the API server's strict field validation:
// `readinessProbes` is a typo, not an extension), and what no schema says: each workload's selector picks its own
// pods, each Service, disruption budget and autoscaler finds a workload, each Ingress a Service port, and each probe
// a port of its container.
// Usage: node scripts/ci/kubernetes-manifests.mjs [folder]   (deploy/kubernetes by default); exits 1 on a finding.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments, parse as parseYaml } from 'yaml';

const modelsRoot = dirname(fileURLToPath(import.meta.resolve('kubernetes-models')));
const nodeModules = dirname(modelsRoot);

/** The model of an object's apiVersion and kind, or undefined (a kind the schemas do not know). */
async function modelOf({ apiVersion, kind }) {
  if (typeof apiVersion !== 'string' || typeof kind !== 'string' || !/^[A-Za-z]+$/.test(kind)) return undefined;
  const file = join(modelsRoot, apiVersion, `${kind}.js`);
  if (!existsSync(file)) return undefined;
  return (await import(`kubernetes-models/${apiVersion}/${kind}`))[kind];
}

/** Field names and their types' declaration files, read from kubernetes-models' declarations (one per type). */
const declarations = new Map();
function declarationOf(file) {
  if (declarations.has(file)) return declarations.get(file);
  const text = readFileSync(file, 'utf8');
  const imports = new Map(
    [...text.matchAll(/^import \{ (\w+) \} from "([^"]+)";$/gm)].map(([, name, from]) => [
      name,
      from.startsWith('.') ? join(dirname(file), from.replace(/\.js$/, '.d.ts')) : join(nodeModules, `${from}.d.ts`),
    ]),
  );
  const body = /^export interface \w+(?: extends TypeMeta)? \{$([\s\S]*?)^\}$/m.exec(text)?.[1];
  const fields = body
    ? new Map(
        [...body.matchAll(/^ {4}"([^"]+)"\??: (?:Array<(\w+)>|(\w+))?/gm)].map(([, field, item, type]) => [
          field,
          { file: imports.get(type ?? item), list: Boolean(item) },
        ]),
      )
    : undefined;
  declarations.set(file, fields);
  return fields;
}

/** The fields of `value` that its type does not declare, as paths. */
function unknownFields(value, file, path) {
  const fields = declarationOf(file);
  if (!fields || value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const field = fields.get(key);
    if (!field) return [`${path}.${key}: no such field`];
    if (!field.file) return [];
    const items = field.list && Array.isArray(child) ? child.map((item, i) => [item, `${path}.${key}[${i}]`]) : [];
    return field.list
      ? items.flatMap(([item, at]) => unknownFields(item, field.file, at))
      : unknownFields(child, field.file, `${path}.${key}`);
  });
}

/** What the schema of its kind finds wrong with one object. */
export async function schemaFindings(object) {
  const Model = await modelOf(object ?? {});
  if (!Model) return [`no Kubernetes schema for ${object?.apiVersion}/${object?.kind}`];
  try {
    new Model(object).validate();
  } catch (error) {
    const errors = error.errors ?? [{ instancePath: '', message: error.message }];
    return errors.map((e) => `${e.instancePath.replaceAll('/', '.') || '.'}: ${e.message}`);
  }
  return unknownFields(object, join(modelsRoot, object.apiVersion, `${object.kind}.d.ts`), '');
}

const WORKLOADS = new Set(['Deployment', 'DaemonSet', 'StatefulSet', 'Job']);
const matches = (selector = {}, labels = {}) =>
  Object.keys(selector).length > 0 && Object.entries(selector).every(([key, value]) => labels[key] === value);
const nameOf = (object) => `${object.kind}/${object.metadata?.name}`;

/** What the objects find wrong with each other (what the API server checks beyond the schema, or nobody does). */
export function crossFindings(objects) {
  const workloads = objects.filter((o) => WORKLOADS.has(o.kind));
  const podLabels = workloads.map((w) => w.spec?.template?.metadata?.labels ?? {});
  const findings = [];
  for (const workload of workloads) {
    const { selector, template } = workload.spec ?? {};
    if (selector && !matches(selector.matchLabels, template?.metadata?.labels)) {
      findings.push(`${nameOf(workload)}: its selector does not pick its own pods`);
    }
    for (const container of template?.spec?.containers ?? []) {
      const ports = new Set((container.ports ?? []).flatMap((p) => [p.name, p.containerPort]));
      for (const probe of ['readinessProbe', 'livenessProbe', 'startupProbe']) {
        const port = container[probe]?.httpGet?.port ?? container[probe]?.tcpSocket?.port;
        if (port !== undefined && !ports.has(port)) {
          findings.push(`${nameOf(workload)}: ${container.name}'s ${probe} names port ${port}, which it does not open`);
        }
      }
    }
  }
  for (const object of objects) {
    const selector = object.kind === 'Service' ? object.spec?.selector : object.spec?.selector?.matchLabels;
    if (['Service', 'PodDisruptionBudget'].includes(object.kind) && !podLabels.some((l) => matches(selector, l))) {
      findings.push(`${nameOf(object)}: its selector picks no pod of these workloads`);
    }
    const target = object.kind === 'HorizontalPodAutoscaler' ? object.spec?.scaleTargetRef : undefined;
    if (target && !workloads.some((w) => w.kind === target.kind && w.metadata?.name === target.name)) {
      findings.push(`${nameOf(object)}: scales ${target.kind}/${target.name}, which is not here`);
    }
    for (const rule of object.kind === 'Ingress' ? (object.spec?.rules ?? []) : []) {
      for (const { backend } of rule.http?.paths ?? []) {
        const service = objects.find((o) => o.kind === 'Service' && o.metadata?.name === backend?.service?.name);
        const port = backend?.service?.port;
        if (!service?.spec?.ports?.some((p) => p.name === port?.name || p.port === port?.number)) {
          findings.push(
            `${nameOf(object)}: ${rule.host} goes to ${backend?.service?.name}:${port?.name ?? port?.number}, no such Service port`,
          );
        }
      }
    }
  }
  return findings;
}

/** Every finding in a folder of manifests listed by its kustomization.yaml, by file. */
export async function checkFolder(folder) {
  const kustomization = parseYaml(readFileSync(join(folder, 'kustomization.yaml'), 'utf8'));
  const listed = kustomization.resources ?? [];
  const findings = [];
  const unlisted = readdirSync(folder).filter(
    (file) => /\.ya?ml$/.test(file) && file !== 'kustomization.yaml' && !listed.includes(file),
  );
  for (const file of unlisted) findings.push(`${file}: not in kustomization.yaml, so never applied`);
  const objects = [];
  for (const file of listed) {
    if (!existsSync(join(folder, file))) {
      findings.push(`${file}: listed in kustomization.yaml, missing`);
      continue;
    }
    for (const document of parseAllDocuments(readFileSync(join(folder, file), 'utf8'))) {
      if (document.errors.length > 0) findings.push(`${file}: ${document.errors[0].message}`);
      const object = document.toJS();
      if (object === null) continue;
      objects.push(object);
      const found = await schemaFindings(object);
      for (const finding of found) findings.push(`${file} ${nameOf(object)} ${finding}`);
      if (found.length === 0) console.log(`ok   ${file} ${nameOf(object)}`);
    }
  }
  return { objects, findings: [...findings, ...crossFindings(objects)] };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const folder = process.argv[2] ?? join(import.meta.dirname, '..', '..', 'deploy', 'kubernetes');
  const { findings } = await checkFolder(folder);
  for (const finding of findings) console.log(`FAIL ${finding}`);
  console.log(`${relative(process.cwd(), folder) || '.'}: ${findings.length} finding(s)`);
  process.exit(findings.length > 0 ? 1 : 0);
}
