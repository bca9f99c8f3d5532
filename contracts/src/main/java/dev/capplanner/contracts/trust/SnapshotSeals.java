package dev.capplanner.contracts.trust;

import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.SnapshotRef;
import dev.capplanner.contracts.json.CanonicalJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Seals binding a snapshot hash to the run it was built for: run id, tenant, project, conversation,
 * principal and the principal's roles, everything {@link RunIdentity} reads. The snapshot service
 * seals; the executor verifies (see {@link SealKeyRing} for keys and rotation).
 */
public final class SnapshotSeals {

    private static final String DOMAIN = "capplanner-snapshot-seal-v2";

    private final SealKeyRing keys;

    public SnapshotSeals(SealKeyRing keys) {
        this.keys = keys;
    }

    /** Convenience for a ring made here: the active key id (or null) and the keys. */
    public SnapshotSeals(String activeKeyId, Map<String, byte[]> keys) {
        this(new SealKeyRing(activeKeyId, keys));
    }

    /** The keys, for the seals over whole snapshot events ({@link FactSeals#snapshotEvents}). */
    public SealKeyRing keys() {
        return keys;
    }

    public Set<String> keyIds() {
        return keys.keyIds();
    }

    public boolean canSeal() {
        return keys.canSeal();
    }

    /** Seals a snapshot hash for this run with the active key. */
    public String seal(RunContext run, String hash) {
        return keys.seal(sealedText(run, run.tenantId(), run.projectId(), hash));
    }

    /** Whether the reference was sealed for exactly this run by a holder of one of our keys. */
    public SealKeyRing.SealCheck verify(RunContext run, SnapshotRef ref) {
        return keys.check("snapshot", ref.seal(), sealedText(run, ref.tenantId(), ref.projectId(), ref.hash()),
                "run, conversation, principal, scope and hash");
    }

    private static byte[] sealedText(RunContext run, String tenantId, String projectId, String hash) {
        List<String> roles = new ArrayList<>(run.principal().roles());
        roles.sort(null);
        // A JSON array, not a joined string: identifiers may hold any character, so no separator is safe.
        List<Object> fields = new ArrayList<>(List.of(DOMAIN, run.runId(), tenantId, projectId,
                run.conversationId(), run.principal().userId(), roles, hash));
        if (run.scope() != null) {
            // Only when present, so the seals of runs without a scope stay what they were.
            fields.add(run.scope().asRunContext());
        }
        return CanonicalJson.bytes(fields);
    }
}
