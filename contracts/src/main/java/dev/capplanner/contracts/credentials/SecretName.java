package dev.capplanner.contracts.credentials;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The name of a secret, in its owning tenant's namespace: {@code file:NAME} is the file
 * {@code <secrets directory>/<tenant>/NAME} (NAME one or two path segments, e.g. a mounted
 * Kubernetes Secret's {@code crm/api-key}); {@code env:NAME} is the environment variable
 * {@code CAPPLANNER_SECRET_<TENANT>_<NAME>}, for tenant ids of lower-case letters and digits only (any
 * other character would let two tenants' variables coincide). A name can therefore never reach
 * another tenant's secret, nor any file or variable outside the namespace.
 */
public final class SecretName {

    private static final Pattern FILE = Pattern.compile("file:[A-Za-z0-9][A-Za-z0-9._-]{0,127}(/[A-Za-z0-9][A-Za-z0-9._-]{0,127})?");
    private static final Pattern ENV = Pattern.compile("env:[A-Z0-9][A-Z0-9_]{0,127}");

    private static final Pattern TENANT_SEGMENT = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");
    private static final Pattern ENV_TENANT = Pattern.compile("[a-z0-9]{1,64}");
    public static final String ENV_PREFIX = "CAPPLANNER_SECRET_";

    private SecretName() {
    }

    /** What is wrong with the reference, or null when it names a secret. */
    public static String problem(String reference) {
        if (reference == null || !(FILE.matcher(reference).matches() || ENV.matcher(reference).matches())
                || reference.contains("..")) {
            return "credential.secret must be file:NAME (letters, digits, '.', '_', '-'; one optional '/') "
                    + "or env:NAME (upper-case letters, digits, '_')";
        }
        return null;
    }

    /** The file a {@code file:} reference names for the tenant; empty for an {@code env:} reference or an unusable tenant id. */
    public static Optional<Path> file(Path directory, String tenantId, String reference) {
        if (problem(reference) != null || !reference.startsWith("file:") || tenantId == null
                || !TENANT_SEGMENT.matcher(tenantId).matches() || tenantId.contains("..")) {
            return Optional.empty();
        }
        Path tenantDirectory = directory.resolve(tenantId).normalize();
        Path file = tenantDirectory.resolve(reference.substring("file:".length())).normalize();
        return file.startsWith(tenantDirectory) ? Optional.of(file) : Optional.empty();
    }

    /** The variable an {@code env:} reference names for the tenant; empty for a {@code file:} reference or a tenant id env cannot carry. */
    public static Optional<String> environmentVariable(String tenantId, String reference) {
        if (problem(reference) != null || !reference.startsWith("env:") || tenantId == null
                || !ENV_TENANT.matcher(tenantId).matches()) {
            return Optional.empty();
        }
        return Optional.of(ENV_PREFIX + tenantId.toUpperCase(Locale.ROOT) + "_" + reference.substring("env:".length()));
    }
}
