package dev.capplanner.snapshot.authorization;

import dev.capplanner.capabilityplans.registration.CapabilityPlanRegistration;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import dev.capplanner.snapshot.connection.Connection;
import dev.capplanner.snapshot.registry.RegisteredCapabilityPlan;
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

    /** How deep plans may call plans; registration refuses cycles, this bounds what a registry can hold. */
    static final int MAX_PLAN_NESTING = 5;

    /** The decision for a capability (or a plan of the audience's project) by name, as the authorization endpoint is asked it. */
    public AccessDecision decide(RegistryState registry, Audience who, String capability) {
        return decide(registry, who, capability, 0);
    }

    private AccessDecision decide(RegistryState registry, Audience who, String capability, int nesting) {
        List<CatalogEntry> named = registry.entriesNamed(capability);
        if (named.isEmpty()) {
            return registry.plan(who.tenantId(), who.projectId(), capability)
                    .map(plan -> decide(registry, who, plan, nesting))
                    .orElse(AccessDecision.deny("unknown capability"));
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

    /**
     * The decision for a plan (rule "plans are capabilities"): its project's own, its required
     * permissions held, and every capability it calls allowed to the same audience (a plan it calls
     * judged the same way), so a plan never reaches what its caller could not reach directly.
     */
    public AccessDecision decide(RegistryState registry, Audience who, RegisteredCapabilityPlan plan) {
        return decide(registry, who, plan, 0);
    }

    private AccessDecision decide(RegistryState registry, Audience who, RegisteredCapabilityPlan plan, int nesting) {
        if (!plan.ownedBy(who.tenantId(), who.projectId())) {
            return AccessDecision.deny("plan belongs to another tenant or project");
        }
        if (nesting >= MAX_PLAN_NESTING) {
            return AccessDecision.deny("plans call plans more than " + MAX_PLAN_NESTING + " deep");
        }
        Set<String> held = registry.permissionsOf(who.tenantId(), who.roles());
        List<String> missing = plan.plan().requiredPermissions().stream().filter(p -> !held.contains(p)).toList();
        if (!missing.isEmpty()) {
            return AccessDecision.deny("missing permission " + String.join(", ", missing));
        }
        for (String called : CapabilityPlanRegistration.calledCapabilities(plan.plan())) {
            if (decide(registry, who, called, nesting + 1) instanceof AccessDecision.Denied denied) {
                return AccessDecision.deny("calls " + called + ", which is denied: " + denied.reason());
            }
        }
        return AccessDecision.allow();
    }

    /**
     * The decision right before a physical call: {@link #decide(RegistryState, Audience, String)}, and
     * a capability whose connection is in shadow (a plan: that calls one) is denied, since shadow is
     * planned and compared, never called.
     */
    public AccessDecision decideCall(RegistryState registry, Audience who, String capability) {
        AccessDecision decision = decide(registry, who, capability);
        if (decision.allowed() && inShadow(registry, who, capability)) {
            return AccessDecision.deny("connection in shadow: planned and compared, never called");
        }
        return decision;
    }

    /**
     * Whether the audience's capability of that name comes from a connection in shadow, or is a plan
     * that calls such a capability (at any depth the policy admits).
     */
    public boolean inShadow(RegistryState registry, Audience who, String capability) {
        return inShadow(registry, who, capability, 0);
    }

    private boolean inShadow(RegistryState registry, Audience who, String capability, int nesting) {
        if (nesting > MAX_PLAN_NESTING) {
            return true;
        }
        List<CatalogEntry> named = registry.entriesNamed(capability);
        if (!named.isEmpty()) {
            return named.stream().map(entry -> registry.connection(entry.connection()))
                    .flatMap(Optional::stream).filter(c -> c.ownedBy(who.tenantId(), who.projectId()))
                    .anyMatch(Connection::shadow);
        }
        return registry.plan(who.tenantId(), who.projectId(), capability)
                .map(plan -> CapabilityPlanRegistration.calledCapabilities(plan.plan()).stream()
                        .anyMatch(called -> inShadow(registry, who, called, nesting + 1)))
                .orElse(false);
    }

    /**
     * Whether the capability only reads, as a snapshot admits it: a side effect of none or read, a safe
     * method (GET or HEAD, or an MCP tool call), no confirmation, a risk below high. Missing metadata
     * is not a read.
     */
    public static boolean readsOnly(CatalogEntry entry) {
        if (entry.sideEffect() == null || entry.risk() == null || entry.requiresConfirmation() == null
                || entry.endpoint() == null || entry.kind() == null) {
            return false;
        }
        boolean safeMethod = entry.kind().equals("mcp") ? entry.endpoint().callsMcpTool()
                : SAFE_METHODS.contains(String.valueOf(entry.endpoint().method()));
        return READ_ONLY_SIDE_EFFECTS.contains(entry.sideEffect().toLowerCase(Locale.ROOT)) && safeMethod
                && !entry.requiresConfirmation() && ADMITTED_RISKS.contains(entry.risk().toLowerCase(Locale.ROOT));
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
