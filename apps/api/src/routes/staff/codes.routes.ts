import { staffed, type Handlers, type Staffed } from '../../http/context.js';
import type { CertificateTemplates } from '../../modules/lookups/certificate-template.service.js';
import type { CodesConsole } from '../../modules/lookups/code-batches.service.js';
import { staffActorOf, type StaffNameOf } from './staff-actor.js';

/** The console's codes and certificate template (ADR 0022); every write audited in its transaction. */
export function codesConsoleHandlers(codes: CodesConsole, templates: CertificateTemplates, nameOf: StaffNameOf): Handlers {
  const actor = staffActorOf(nameOf);
  const background = (ctx: Staffed) => ctx.files.find((f) => f.field === '0');
  return {
    generateCodeBatch: staffed(async (input, ctx) => codes.generate(await actor(ctx), input)),
    selectCodeBatches: staffed((input, ctx) => codes.list(ctx.platId, input)),
    selectCodeSpecOptions: staffed((_in, ctx) => codes.specOptions(ctx.platId)),
    exportCodeBatch: staffed(async (input, ctx) => codes.export(await actor(ctx), input, ctx.origin)),
    assignTraceCodes: staffed(async (input, ctx) => codes.assign(await actor(ctx), input)),
    selectCertificateTemplate: staffed((_in, ctx) => templates.select(ctx.platId)),
    previewCertificateTemplate: staffed((input, ctx) => templates.preview(ctx.platId, input, background(ctx))),
    saveCertificateTemplate: staffed(async (input, ctx) => templates.save(await actor(ctx), input, background(ctx))),
  };
}
