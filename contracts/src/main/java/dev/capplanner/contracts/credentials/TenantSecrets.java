package dev.capplanner.contracts.credentials;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Secrets by name, in the owning tenant's namespace only ({@link SecretName}): files of
 * {@code <directory>/<tenant>/} (a Kubernetes Secret per tenant mounted there, one file a key) and
 * variables {@code CAPPLANNER_SECRET_<TENANT>_<NAME>}. A file is read again when it changes, so a
 * rotated Secret is used from the next call on, without a restart (the kubelet swaps mounted
 * Secrets in place); a variable is fixed for the life of the process.
 */
public final class TenantSecrets {

    /** A secret is a token or a password, never a document: a larger file is refused rather than sent. */
    static final int MAX_SECRET_BYTES = 8192;

    private final Optional<Path> directory;
    private final Function<String, String> environment;
    /** Secret files held at once; a file not held is read again, so the bound costs a read, never a secret. */
    static final int MAX_FILES_HELD = 10_000;

    private final Map<Path, Read> files = com.github.benmanes.caffeine.cache.Caffeine.newBuilder()
            .maximumSize(MAX_FILES_HELD).executor(Runnable::run).<Path, Read>build().asMap();

    /**
     * @param directory   the secrets directory, empty when secrets come from the environment only
     * @param environment the process environment ({@code System::getenv}), a map in tests
     */
    public TenantSecrets(Optional<Path> directory, Function<String, String> environment) {
        this.directory = directory;
        this.environment = environment;
    }

    /**
     * The secret a reference names for the tenant. Blocking (a file's metadata, and its content when
     * changed): call it off the event loop.
     *
     * @throws MissingSecretException naming the reference (never a value) when there is no such secret
     */
    public String resolve(String tenantId, String reference) {
        if (reference != null && reference.startsWith("env:")) {
            String variable = SecretName.environmentVariable(tenantId, reference)
                    .orElseThrow(() -> new MissingSecretException(reference, "not a secret name of this tenant"));
            String value = environment.apply(variable);
            if (value == null || value.isEmpty()) {
                throw new MissingSecretException(reference, "the executor has no such variable");
            }
            return value;
        }
        Path base = directory.orElseThrow(() -> new MissingSecretException(reference, "the executor has no secrets directory"));
        Path file = SecretName.file(base, tenantId, reference)
                .orElseThrow(() -> new MissingSecretException(reference, "not a secret name of this tenant"));
        return read(file, reference);
    }

    private String read(Path file, String reference) {
        try {
            FileTime modified = Files.getLastModifiedTime(file);
            Read held = files.get(file);
            if (held != null && held.modified().equals(modified)) {
                return held.value();
            }
            if (Files.size(file) > MAX_SECRET_BYTES) {
                throw new MissingSecretException(reference, "the file is larger than a secret can be");
            }
            String value = Files.readString(file, StandardCharsets.UTF_8).strip();
            if (value.isEmpty()) {
                throw new MissingSecretException(reference, "the file is empty");
            }
            files.put(file, new Read(modified, value));
            return value;
        } catch (IOException e) {
            throw new MissingSecretException(reference, "no such file");
        }
    }

    private record Read(FileTime modified, String value) {
    }

    /** A reference that names no usable secret: worded by the reference, never by a value. */
    public static final class MissingSecretException extends RuntimeException {
        public MissingSecretException(String reference, String why) {
            super("credential " + reference + " is not available: " + why, null, false, false);
        }
    }
}
