package dev.capplanner.snapshot.approval;

import dev.capplanner.contracts.json.CanonicalJson;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What a refresh may change without an operator (rule "refresh under review"). A read the operator
 * has seen stays callable while its endpoint, its parameters and its read-only status (side effect,
 * risk, confirmation) stay as they were; a refresh that changes any of them holds it for review, as
 * a new registration's doubtful tools are held. A tool a server adds on its own (its
 * {@code tools/list_changed}, or the re-import at start-up) is held too, unless the operator marked
 * the server trusted: a compromised server cannot make a new self-annotated read callable. A hold
 * stays on while the definition it was put on stays, so the next refresh does not lift it; an
 * operator's approval (of that definition) lifts it.
 */
public final class RefreshReview {

    public static final String CHANGED_ON_REFRESH = "changed on refresh: its endpoint, parameters or read-only "
            + "status differ from the definition an operator saw; an operator may approve it";
    public static final String ADDED_BY_SERVER = "added by the server after registration (tools/list_changed or a "
            + "re-import at start-up): an operator may approve it";

    private static final Set<String> REFRESH_HOLDS = Set.of(CHANGED_ON_REFRESH, ADDED_BY_SERVER);

    /** Who asked for the import. */
    public enum Trigger {
        /** A registration or refresh through the admin API: the operator asked for what the source says now. */
        OPERATOR,
        /** The server itself (a change notification, a re-import at start-up), not trusted by the operator. */
        UNTRUSTED_SERVER
    }

    private RefreshReview() {
    }

    /** The imported entries with the holds a refresh puts on them, given what the connection held before. */
    public static List<CatalogEntry> reviewed(List<CatalogEntry> previous, List<CatalogEntry> imported, Trigger trigger) {
        Map<String, CatalogEntry> before = new HashMap<>();
        previous.forEach(entry -> before.put(entry.name(), entry));
        return imported.stream().map(entry -> reviewed(before.get(entry.name()), entry, trigger)).toList();
    }

    private static CatalogEntry reviewed(CatalogEntry before, CatalogEntry entry, Trigger trigger) {
        if (entry.reviewHold() != null || !isRead(entry)) {
            return entry; // the import's own hold, or a write the policy denies anyway
        }
        if (before == null) {
            return trigger == Trigger.UNTRUSTED_SERVER ? entry.withReviewHold(ADDED_BY_SERVER) : entry;
        }
        if (!sameReviewedDefinition(before, entry)) {
            return entry.withReviewHold(CHANGED_ON_REFRESH);
        }
        return before.reviewHold() != null && REFRESH_HOLDS.contains(before.reviewHold())
                ? entry.withReviewHold(before.reviewHold()) : entry;
    }

    /** Endpoint, parameters and read-only status: what decides which call a capability makes. */
    static boolean sameReviewedDefinition(CatalogEntry one, CatalogEntry other) {
        return Objects.equals(one.endpoint(), other.endpoint()) && sameJson(one.inputSchema(), other.inputSchema())
                && Objects.equals(one.sideEffect(), other.sideEffect()) && Objects.equals(one.risk(), other.risk())
                && Objects.equals(one.requiresConfirmation(), other.requiresConfirmation());
    }

    /** Compared as canonical JSON: a stored schema and a fresh import may hold the same number as different types. */
    private static boolean sameJson(Object one, Object other) {
        return one == null || other == null ? one == other
                : Arrays.equals(CanonicalJson.bytes(one), CanonicalJson.bytes(other));
    }

    private static boolean isRead(CatalogEntry entry) {
        return "none".equals(entry.sideEffect()) || "read".equals(entry.sideEffect());
    }
}
