package dev.soapbench.wsdl;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipInputStream;

/** Turns an upload (one WSDL file or a zip of a WSDL with its imports) into a {@link WsdlBundle}. */
public final class WsdlBundles {

    static final long MAX_TOTAL_BYTES = 10L * 1024 * 1024;
    static final int MAX_FILES = 200;
    // Real WSDL/XSD text compresses about 10:1; far beyond that is a zip bomb.
    static final long MAX_COMPRESSION_RATIO = 100;
    private static final long RATIO_CHECK_FLOOR = 64 * 1024;

    private WsdlBundles() {}

    /**
     * Builds a bundle from an uploaded file. A .wsdl or .xml file is a bundle of one; a .zip
     * holds the WSDL and its imports, and {@code entry} names the WSDL to start from when the
     * zip holds more than one (it may be null otherwise). A zip's XML catalogs are applied here
     * ({@link CatalogImports}), so everything after sees, and stores, the resolved bundle.
     */
    public static WsdlBundle fromUpload(String fileName, byte[] content, String entry) {
        if (content == null || content.length == 0) {
            throw new UnreadableUpload("the upload is empty");
        }
        String name = baseName(fileName);
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".zip") || looksLikeZip(content)) {
            return fromZip(content, entry);
        }
        if (!lower.endsWith(".wsdl") && !lower.endsWith(".xml")) {
            // Judged by content, not by name: a WSDL saved from `Service.asmx?wsdl` is a WSDL. The
            // parser says precisely what else an XML document is; the stacks' tools want a .wsdl name.
            if (!looksLikeXml(content)) {
                throw new UnreadableUpload("unsupported upload " + ValueRules.shown(name)
                        + ": neither an XML document (a WSDL) nor a zip bundle");
            }
            name = name + ".wsdl";
        }
        if (content.length > MAX_TOTAL_BYTES) {
            throw new WsdlProblem(name, null, null, "file is larger than " + MAX_TOTAL_BYTES + " bytes");
        }
        return new WsdlBundle(BundlePaths.safeFileName(name), Map.of(BundlePaths.safeFileName(name), content));
    }

    private static WsdlBundle fromZip(byte[] content, String entry) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        long total = 0;
        try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(content))) {
            ZipEntry zipEntry;
            while ((zipEntry = zip.getNextEntry()) != null) {
                String rawName = zipEntry.getName();
                if (zipEntry.isDirectory() || isPlatformClutter(rawName)) {
                    continue;
                }
                String path = BundlePaths.normalize(rawName);
                if (path == null || !path.equals(rawName.replaceFirst("^\\./", ""))) {
                    throw new WsdlProblem("zip entry '" + rawName
                            + "' refused: entries must be relative paths without '..', '\\' or a leading '/'");
                }
                String unsafe = BundlePaths.unsafeEntryName(path);
                if (unsafe != null) {
                    throw new WsdlProblem("zip entry " + ValueRules.shown(rawName) + " refused: " + unsafe);
                }
                if (files.containsKey(path)) {
                    throw new WsdlProblem("zip entry '" + rawName + "' appears twice");
                }
                if (files.size() == MAX_FILES) {
                    throw new WsdlProblem("the zip holds more than " + MAX_FILES + " files");
                }
                byte[] data = readLimited(zip, MAX_TOTAL_BYTES - total, rawName);
                total += data.length;
                long compressed = zipEntry.getCompressedSize();
                if (data.length > RATIO_CHECK_FLOOR
                        && compressed > 0
                        && data.length / compressed > MAX_COMPRESSION_RATIO) {
                    throw new WsdlProblem("zip entry '" + rawName + "' refused: compression ratio above "
                            + MAX_COMPRESSION_RATIO + ":1");
                }
                files.put(path, data);
            }
        } catch (ZipException e) {
            throw new UnreadableUpload("the upload is not a readable zip: " + e.getMessage());
        } catch (IOException e) {
            throw new UnreadableUpload("the upload is not a readable zip: " + e.getMessage());
        }
        if (total > RATIO_CHECK_FLOOR && total / content.length > MAX_COMPRESSION_RATIO) {
            throw new WsdlProblem("the zip is refused: compression ratio above " + MAX_COMPRESSION_RATIO + ":1");
        }
        if (files.isEmpty()) {
            throw new UnreadableUpload("the zip holds no files");
        }
        return CatalogImports.apply(new WsdlBundle(chooseEntry(files, entry), files));
    }

    private static String chooseEntry(Map<String, byte[]> files, String entry) {
        if (entry != null && !entry.isBlank()) {
            String path = BundlePaths.normalize(entry.trim());
            if (path == null || !files.containsKey(path)) {
                throw new WsdlProblem("the entry '" + entry + "' is not a file in the zip");
            }
            return path;
        }
        List<String> wsdls = files.keySet().stream()
                .filter(path -> path.toLowerCase(Locale.ROOT).endsWith(".wsdl"))
                .sorted()
                .toList();
        if (wsdls.size() == 1) {
            return wsdls.get(0);
        }
        if (wsdls.isEmpty()) {
            wsdls = files.entrySet().stream()
                    .filter(file -> isWsdl11(file.getKey(), file.getValue()))
                    .map(Map.Entry::getKey)
                    .sorted()
                    .toList();
            if (wsdls.size() == 1) {
                return wsdls.get(0);
            }
        }
        if (wsdls.isEmpty()) {
            throw new WsdlProblem("the zip holds no WSDL 1.1 document (a .wsdl file, or any file whose root is"
                    + " wsdl:definitions)");
        }
        throw new WsdlProblem(
                "the zip holds several .wsdl files (" + String.join(", ", wsdls) + "): name the entry to start from");
    }

    private static byte[] readLimited(InputStream in, long remaining, String name) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        long read = 0;
        int n;
        while ((n = in.read(buffer)) > 0) {
            read += n;
            if (read > remaining) {
                throw new WsdlProblem("the zip is refused: more than " + MAX_TOTAL_BYTES
                        + " bytes uncompressed (reached at entry '" + name + "')");
            }
            out.write(buffer, 0, n);
        }
        return out.toByteArray();
    }

    private static boolean isPlatformClutter(String name) {
        return name.startsWith("__MACOSX/") || name.endsWith(".DS_Store");
    }

    /** Whether the file parses as XML whose root is WSDL 1.1's definitions. */
    private static boolean isWsdl11(String path, byte[] content) {
        if (!looksLikeXml(content)) {
            return false;
        }
        try {
            var root = SecureXml.parse(path, content).getDocumentElement();
            return root != null
                    && Namespaces.WSDL.equals(root.getNamespaceURI())
                    && "definitions".equals(root.getLocalName());
        } catch (WsdlProblem notXml) {
            return false;
        }
    }

    /** Whether the content starts as XML does: a markup character after a byte-order mark and white space. */
    private static boolean looksLikeXml(byte[] content) {
        int i = 0;
        if (content.length >= 2 && ((content[0] & 0xFF) == 0xFE || (content[0] & 0xFF) == 0xFF)) {
            return true; // UTF-16 with its byte-order mark; the parser reads the rest
        }
        if (content.length >= 3
                && (content[0] & 0xFF) == 0xEF
                && (content[1] & 0xFF) == 0xBB
                && (content[2] & 0xFF) == 0xBF) {
            i = 3;
        }
        while (i < content.length
                && (content[i] == ' ' || content[i] == '\t' || content[i] == '\r' || content[i] == '\n')) {
            i++;
        }
        return i < content.length && content[i] == '<';
    }

    private static boolean looksLikeZip(byte[] content) {
        return content.length >= 4 && content[0] == 'P' && content[1] == 'K' && content[2] == 3 && content[3] == 4;
    }

    private static String baseName(String fileName) {
        if (fileName == null || fileName.isBlank()) {
            return "upload.wsdl";
        }
        String name = fileName.replace('\\', '/');
        name = name.substring(name.lastIndexOf('/') + 1);
        return name.isBlank() ? "upload.wsdl" : name;
    }
}
