/** A file of a multipart call, as the transport decodes it and the upload rules check it. */
export interface UploadedFile {
  field: string;
  filename: string;
  data: Buffer;
}
