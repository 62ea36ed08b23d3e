import { open, type Entry, type ZipFile } from 'yauzl';
import { ReleaseError, ReleaseErrorCode } from './release-errors';
import {
  HEADER_BYTES,
  hasProductFolder,
  mainFileCandidates,
  pickMainFile,
  ZIP_MAX_ENTRIES,
  type MainFile,
  type ReleaseKind,
} from './release-rules';

const invalid = (cause?: unknown) =>
  new ReleaseError(ReleaseErrorCode.RELEASE_ZIP_INVALID, { cause });

/**
 * Reads an uploaded zip's directory and the first 8 kB of its main file candidates, never the rest
 * (docs/wordpress.md, Releases): a zip bomb costs at most ZIP_MAX_ENTRIES directory entries and 8 kB
 * inflated per candidate. Answers the main file, or the refusal: not a zip, damaged (or encrypted, or
 * unsafe names such as `../x`, which yauzl refuses), no `<slug>/` folder, no main file.
 */
export async function inspectReleaseZip(
  path: string,
  kind: ReleaseKind,
  slug: string,
): Promise<MainFile> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    open(path, { lazyEntries: true, autoClose: false }, (err, file) =>
      err || !file
        ? reject(new ReleaseError(ReleaseErrorCode.RELEASE_NOT_ZIP, { cause: err }))
        : resolve(file),
    ),
  );
  try {
    if (zip.entryCount > ZIP_MAX_ENTRIES) throw invalid();
    const entries = await readEntries(zip);
    const names = [...entries.keys()];
    if (!hasProductFolder(slug, names))
      throw new ReleaseError(ReleaseErrorCode.RELEASE_FOLDER_MISSING, {
        details: { folder: `${slug}/` },
      });
    for (const candidate of mainFileCandidates(kind, slug, names)) {
      const text = await readHead(zip, entries.get(candidate)!);
      const main = pickMainFile(kind, [{ path: candidate, text }]);
      if (main) return main;
    }
    throw new ReleaseError(ReleaseErrorCode.RELEASE_MAIN_FILE_MISSING, {
      details: { folder: `${slug}/` },
    });
  } finally {
    zip.close();
  }
}

function readEntries(zip: ZipFile): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    zip.on('entry', (entry: Entry) => {
      if (entries.size >= ZIP_MAX_ENTRIES) return reject(invalid());
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', (err) => reject(invalid(err)));
    zip.readEntry();
  });
}

/** The first HEADER_BYTES of an entry, inflated (what get_file_data reads), as UTF-8. */
function readHead(zip: ZipFile, entry: Entry): Promise<string> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(invalid(err));
      const chunks: Buffer[] = [];
      let size = 0;
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        resolve(Buffer.concat(chunks).subarray(0, HEADER_BYTES).toString('utf8'));
      };
      stream.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= HEADER_BYTES) {
          finish();
          stream.destroy();
        }
      });
      stream.on('end', finish);
      stream.on('error', (e) => {
        if (!done) {
          done = true;
          reject(invalid(e));
        }
      });
    });
  });
}
