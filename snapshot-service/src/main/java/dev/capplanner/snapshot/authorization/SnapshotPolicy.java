package dev.capplanner.snapshot.authorization;

import dev.capplanner.snapshot.catalog.CatalogEntry;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Decides which catalog entries a run may see (rules "filter before ranking",
 * "fail-closed metadata", "read-only snapshot" and "visibility").
 *
 * <ul>
 *   <li>Fail-closed: an entry missing its side effect, risk, confirmation flag, visibility, endpoint
 *       or input schema is excluded, never defaulted (a tool registered without
 *       permissions must not make the registry fail open).</li>
 *   <li>Read-only only: mutative tools, tools that require confirmation and high or critical risk
 *       are excluded.</li>
 *   <li>Visible only to the run's tenant, project and one of the principal's roles.</li>
 * </ul>
 */
public final class SnapshotPolicy {

    private static final Set<String> READ_ONLY_SIDE_EFFECTS = Set.of("none");
    private static final Set<String> ADMITTED_RISKS = Set.of("low", "medium");
    private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD");
    private static final Set<String> KINDS = Set.of("api", "mcp", "kb");
    private static final String EVERYONE = "*";

    public Eligibility evaluate(CatalogEntry entry, Audience run) {
        if (entry.sideEffect() == null) {
            return Eligibility.excluded("missing side-effect metadata");
        }
        if (entry.risk() == null) {
            return Eligibility.excluded("missing risk metadata");
        }
        if (entry.requiresConfirmation() == null) {
            return Eligibility.excluded("missing confirmation metadata");
        }
        if (entry.visibility() == null || entry.visibility().tenants() == null
                || entry.visibility().projects() == null || entry.visibility().roles() == null) {
            return Eligibility.excluded("missing visibility metadata");
        }
        if (entry.endpoint() == null || entry.inputSchema() == null) {
            return Eligibility.excluded("missing endpoint or input schema");
        }
        if (entry.kind() == null || !KINDS.contains(entry.kind()) || isBlank(entry.family())
                || isBlank(entry.entity()) || isBlank(entry.operation())) {
            return Eligibility.excluded("missing kind, family, entity or operation");
        }
        if (!READ_ONLY_SIDE_EFFECTS.contains(entry.sideEffect().toLowerCase(Locale.ROOT))) {
            return Eligibility.excluded("mutative: side effect " + entry.sideEffect());
        }
        if (!SAFE_METHODS.contains(String.valueOf(entry.endpoint().method()))) {
            return Eligibility.excluded("mutative: HTTP method " + entry.endpoint().method());
        }
        if (entry.requiresConfirmation()) {
            return Eligibility.excluded("requires confirmation");
        }
        if (!ADMITTED_RISKS.contains(entry.risk().toLowerCase(Locale.ROOT))) {
            return Eligibility.excluded("risk " + entry.risk());
        }
        if (!admits(entry.visibility().tenants(), List.of(run.tenantId()))) {
            return Eligibility.excluded("not visible to tenant");
        }
        if (!admits(entry.visibility().projects(), List.of(run.projectId()))) {
            return Eligibility.excluded("not visible to project");
        }
        if (!admits(entry.visibility().roles(), run.roles())) {
            return Eligibility.excluded("no permitted role");
        }
        return Eligibility.eligible();
    }

    private static boolean admits(List<String> allowed, List<String> held) {
        return allowed.contains(EVERYONE) || held.stream().anyMatch(allowed::contains);
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }
}
