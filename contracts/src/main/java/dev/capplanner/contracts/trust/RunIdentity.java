package dev.capplanner.contracts.trust;

import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.json.CanonicalJson;
import java.util.ArrayList;
import java.util.List;

/**
 * The key under which the suite stores everything of a run (call ledger, artifacts, reports, call
 * counts, plan decisions, reviews): the caller's run id together with the tenant, project,
 * conversation, principal (user and roles) and session scope (thread, branch, object) that started it. A run id is the caller's word and is
 * neither secret nor unique (it travels on every record, and counters such as {@code turn-1} are
 * common), so it never names stored data alone: a turn that reuses another turn's run id under any
 * other tenant, project, conversation, user, role set or scope is another run, with a ledger of its own, and
 * is never answered from the first one's. Every field it reads is bound by the snapshot seal, so a
 * plan the executor accepts cannot claim another run's key.
 *
 * <p>The key is a digest: it says nothing of the user it was made for to whoever reads it, but is not
 * keyed, so it is stored, not published.
 */
public final class RunIdentity {

    private static final String DOMAIN = "capplanner-run-v1";

    private RunIdentity() {
    }

    /** {@code run:} and 64 hex digits; equal for equal runs, whatever the order of the roles. */
    public static String keyOf(RunContext run) {
        List<String> roles = new ArrayList<>(run.principal().roles());
        roles.sort(null);
        // A JSON array, not a joined string: identifiers may hold any character, so no separator is safe.
        List<Object> fields = new ArrayList<>(List.of(DOMAIN, run.tenantId(), run.projectId(), run.conversationId(),
                run.principal().userId(), roles, run.runId()));
        if (run.scope() != null) {
            // Only when present, so a run without a scope keeps the key it always had.
            fields.add(run.scope().asRunContext());
        }
        byte[] identity = CanonicalJson.bytes(fields);
        return "run:" + CanonicalJson.sha256(identity).substring("sha256:".length());
    }
}
