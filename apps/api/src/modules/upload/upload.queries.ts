/** What other modules ask the upload module (its face, ADR 0013): where signed uploads live, and whose they are. */
export { UPLOAD_PATH, type UploadService } from './upload.service.js';
