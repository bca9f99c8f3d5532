package dev.capplanner.snapshot.authorization;

import dev.capplanner.snapshot.catalog.CatalogEntry;
import dev.capplanner.snapshot.registry.Connection;
import dev.capplanner.snapshot.registry.RegistryState;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The one decision behind both what a snapshot lists and what a call may do (rules "filter before
 * ranking", "fail-closed metadata", "read-only snapshot", "visibility" and "last-mile check"): the
 * snapshot builder and the authorization endpoint both ask it, so list-time and call-time can never
 * disagree.
 *
 * <ul>
 *   <li>Fail-closed: a capability missing its side effect, risk, confirmation flag, permissions,
 *       endpoint or input schema is denied, never defaulted.</li>
 *   <li>Read-only only: mutative capabilities, those that require confirmation and high or critical
 *       risk are denied; an API capability must use GET or HEAD, an MCP tool {@code tools/call}
 *       (its read-only status comes from its annotations, as the side effect).</li>
 *   <li>Owned: only the run's tenant and project's own, enabled connections count.</li>
 *   <li>Permitted: the principal's roles must grant every required permission; a capability that
 *       requires none is denied unless an operator marked it public.</li>
 * </ul>
 */
public final class AccessPolicy {

    private static final Set<String> READ_ONLY_SIDE_EFFECTS = Set.of("none", "read");
    private static final Set<String> ADMITTED_RISKS = Set.of("low", "medium");
    private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD");
    private static final Set<String> KINDS = Set.of("api", "mcp", "kb");

    /** The decision for a capability by name, as the authorization endpoint is asked it. */
    public AccessDecision decide(RegistryState registry, Audience who, String capability) {
        List<CatalogEntry> named = registry.entriesNamed(capability);
        if (named.isEmpty()) {
            return AccessDecision.deny("unknown capability");
        }
        Optional<CatalogEntry> own = named.stream()
                .filter(e -> registry.connection(e.connection()).map(c -> c.ownedBy(who.tenantId(), who.projectId()))
                        .orElse(false))
                .findFirst();
        if (own.isEmpty()) {
            return AccessDecision.deny("capability belongs to another tenant or project");
        }
        return decide(registry, who, own.get());
    }

    /** The decision for one registered capability. */
    public AccessDecision decide(RegistryState registry, Audience who, CatalogEntry entry) {
        Optional<Connection> connection = registry.connection(entry.connection());
        if (connection.isEmpty() || !connection.get().ownedBy(who.tenantId(), who.projectId())) {
            return AccessDecision.deny("capability belongs to another tenant or project");
        }
        if (!connection.get().enabled()) {
            return AccessDecision.deny("connection " + connection.get().id() + " is disabled");
        }
        Optional<String> unsafe = unsafe(entry);
        if (unsafe.isPresent()) {
            return AccessDecision.deny(unsafe.get());
        }
        if (entry.requiredPermissions().isEmpty()) {
            return Boolean.TRUE.equals(entry.publicAccess()) ? AccessDecision.allow()
                    : AccessDecision.deny("no required permissions declared and not marked public");
        }
        Set<String> held = registry.permissionsOf(who.tenantId(), who.roles());
        List<String> missing = new ArrayList<>();
        for (String permission : entry.requiredPermissions()) {
            if (!held.contains(permission)) {
                missing.add(permission);
            }
        }
        return missing.isEmpty() ? AccessDecision.allow()
                : AccessDecision.deny("missing permission " + String.join(", ", missing));
    }

    /** Why the capability may never be used by anyone, whoever asks; empty when it is a safe read. */
    private static Optional<String> unsafe(CatalogEntry entry) {
        if (entry.reviewHold() != null) {
            return Optional.of("held for operator review: " + entry.reviewHold());
        }
        if (entry.sideEffect() == null) {
            return Optional.of("missing side-effect metadata");
        }
        if (entry.risk() == null) {
            return Optional.of("missing risk metadata");
        }
        if (entry.requiresConfirmation() == null) {
            return Optional.of("missing confirmation metadata");
        }
        if (entry.requiredPermissions() == null) {
            return Optional.of("missing permission metadata");
        }
        if (entry.endpoint() == null || entry.inputSchema() == null) {
            return Optional.of("missing endpoint or input schema");
        }
        if (entry.kind() == null || !KINDS.contains(entry.kind()) || isBlank(entry.family())
                || isBlank(entry.entity()) || isBlank(entry.operation())) {
            return Optional.of("missing kind, family, entity or operation");
        }
        if (!READ_ONLY_SIDE_EFFECTS.contains(entry.sideEffect().toLowerCase(Locale.ROOT))) {
            return Optional.of("mutative: side effect " + entry.sideEffect());
        }
        if (entry.kind().equals("mcp") ? !entry.endpoint().callsMcpTool()
                : !SAFE_METHODS.contains(String.valueOf(entry.endpoint().method()))) {
            return Optional.of("mutative: HTTP method " + entry.endpoint().method());
        }
        if (entry.requiresConfirmation()) {
            return Optional.of("requires confirmation");
        }
        if (!ADMITTED_RISKS.contains(entry.risk().toLowerCase(Locale.ROOT))) {
            return Optional.of("risk " + entry.risk());
        }
        return Optional.empty();
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }
}
