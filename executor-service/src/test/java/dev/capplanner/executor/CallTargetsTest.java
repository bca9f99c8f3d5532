package dev.capplanner.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.contracts.credentials.CredentialReference;
import dev.capplanner.contracts.egress.EgressPolicy;
import dev.capplanner.contracts.snapshotservice.TargetAnswer;
import dev.capplanner.executor.request.RunScope;
import dev.capplanner.executor.request.ToolEndpoint;
import dev.capplanner.executor.targets.CallTarget;
import dev.capplanner.executor.targets.CallTargets;
import dev.capplanner.executor.targets.RegisteredTargets;
import dev.capplanner.executor.targets.RegistryRevisionWatch;
import dev.capplanner.executor.targets.TargetDirectory;
import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Targets from the configuration first, then from the run owner's registry: cached until the registry moves. */
class CallTargetsTest {

    private static final RunScope ACME = new RunScope("acme", "desk");
    private static final RunScope GLOBEX = new RunScope("globex", "desk");

    private final Map<RunScope, TargetAnswer> registered = new ConcurrentHashMap<>();
    private final AtomicInteger lookUps = new AtomicInteger();
    private final RegistryRevisionWatch revisions = new RegistryRevisionWatch();

    private final RegisteredTargets registry = new RegisteredTargets() {
        @Override
        public CompletionStage<Optional<TargetAnswer>> lookUp(RunScope owner, String target) {
            lookUps.incrementAndGet();
            return CompletableFuture.completedFuture(Optional.ofNullable(registered.get(owner))
                    .filter(answer -> answer.target().equals(target)));
        }
    };

    private CallTargets targets(Map<String, CallTarget> configured) {
        return new CallTargets(configured, Optional.of(registry), new EgressPolicy(List.of("crm.example"), false,
                host -> new InetAddress[] {InetAddress.getByName("93.184.216.34")}), revisions, Duration.ofSeconds(3),
                Runnable::run);
    }

    private static TargetAnswer crm(String secret, long revision) {
        return new TargetAnswer("crm", "https://crm.example/api", TargetAnswer.HTTP,
                new CredentialReference("api-key", "header", "X-Api-Key", null, secret), revision);
    }

    private static CallTarget find(CallTargets targets, RunScope owner, String target) {
        return targets.find(new ToolEndpoint(target, "GET", "/x", owner)).toCompletableFuture().join();
    }

    @Test
    void aConfiguredTargetIsTheOperatorsAndNeedsNoRegistry() {
        CallTarget demo = new CallTarget("http://127.0.0.1:8090", Duration.ofSeconds(1));
        assertThat(find(targets(Map.of("crm", demo)), ACME, "crm")).isSameAs(demo);
        assertThat(lookUps).hasValue(0);
    }

    @Test
    void twoTenantsConnectionsToOneApiEachPresentTheirOwnCredential() {
        registered.put(ACME, crm("file:crm-key", 7));
        registered.put(GLOBEX, crm("env:CRM", 7));
        CallTargets targets = targets(Map.of());
        CallTarget acme = find(targets, ACME, "crm");
        CallTarget globex = find(targets, GLOBEX, "crm");
        assertThat(acme.url()).isEqualTo("https://crm.example/api");
        assertThat(acme.secretsTenant()).isEqualTo("acme");
        assertThat(acme.credential().secret()).isEqualTo("file:crm-key");
        assertThat(globex.secretsTenant()).isEqualTo("globex");
        assertThat(globex.credential().secret()).isEqualTo("env:CRM");
        assertThat(acme.timeout()).isEqualTo(Duration.ofSeconds(3));
    }

    @Test
    void aTargetIsLookedUpAgainOnlyOnceTheRegistryMovedOn() {
        registered.put(ACME, crm("file:old", 7));
        CallTargets targets = targets(Map.of());
        find(targets, ACME, "crm");
        find(targets, ACME, "crm");
        assertThat(lookUps).as("held while the registry stays at revision 7").hasValue(1);

        registered.put(ACME, crm("file:new", 8));
        revisions.saw(8);
        assertThat(find(targets, ACME, "crm").credential().secret()).isEqualTo("file:new");
        find(targets, ACME, "crm");
        assertThat(lookUps).hasValue(2);
    }

    @Test
    void anUnknownUnownedOrRefusedTargetIsNotCalled() {
        CallTargets targets = targets(Map.of());
        assertThatThrownBy(() -> find(targets, ACME, "crm")).isInstanceOf(CompletionException.class)
                .hasCauseInstanceOf(TargetDirectory.UnknownTargetException.class)
                .hasMessageContaining("no target crm is configured or registered for this tenant and project");
        assertThatThrownBy(() -> find(targets, null, "crm")).hasCauseInstanceOf(TargetDirectory.UnknownTargetException.class);

        registered.put(ACME, new TargetAnswer("crm", "http://169.254.169.254/latest", TargetAnswer.HTTP, null, 9));
        assertThatThrownBy(() -> find(targets, ACME, "crm")).hasMessageContaining("not on the egress allowlist");
        registered.put(ACME, new TargetAnswer("crm", "https://crm.example/api", TargetAnswer.HTTP,
                CredentialReference.clientCredentials("https://auth.evil.example/token", "desk", "file:s", List.of()), 10));
        revisions.saw(10);
        assertThat(CompletableFuture.supplyAsync(() -> find(targets, ACME, "crm")).handle((t, e) -> e.getMessage()).join())
                .as("the client secret goes nowhere the policy does not allow")
                .contains("the token endpoint of target crm may not be called");
        assertThat(targets.knows(new ToolEndpoint("crm", "GET", "/x"))).as("no owner, no registry").isFalse();
        assertThat(targets.knows(new ToolEndpoint("crm", "GET", "/x", ACME))).isTrue();
    }
}
