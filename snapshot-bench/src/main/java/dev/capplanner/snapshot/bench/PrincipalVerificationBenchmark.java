package dev.capplanner.snapshot.bench;

import dev.capplanner.contracts.PrincipalHeader;
import dev.capplanner.contracts.events.Principal;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.principal.PrincipalTokenSigner;
import dev.capplanner.principals.Admission;
import dev.capplanner.principals.ClaimNames;
import dev.capplanner.principals.ClaimedPrincipal;
import dev.capplanner.principals.PrincipalAuthentication;
import dev.capplanner.principals.PrincipalIssuer;
import dev.capplanner.principals.jwt.JwtPrincipalTokens;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What verifying a turn's principal costs the snapshot service per turn: {@code verify} admits a
 * valid RS256 token (2048-bit key from a PEM file, as the local stack configures it) for the turn it
 * names, {@code refuseForged} refuses one signed by another key, and {@code sign} is the chat
 * backend's side. Sample mode (p50 and p99), 3 x 2 s warm-up, 5 x 2 s measurement, one fork.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class PrincipalVerificationBenchmark {

    static final String ISSUER = "urn:capplanner:bench:chat-backend";
    static final RunContext RUN = new RunContext("run-1", "turn-1", 0, "acme", "support-desk", "conv-1",
            new Principal("u-17", List.of("support-agent")));

    PrincipalAuthentication authentication;
    PrincipalTokenSigner signer;
    ClaimedPrincipal claimed;
    List<String> valid;
    List<String> forged;

    @Setup
    public void issuer() throws IOException {
        KeyPair keys = PrincipalTokenSigner.newKeyPair();
        Path publicKey = Files.createTempFile("bench-issuer", ".pem");
        Files.writeString(publicKey, PrincipalTokenSigner.pem(keys.getPublic()));
        publicKey.toFile().deleteOnExit();
        authentication = new PrincipalAuthentication(new JwtPrincipalTokens(List.of(new JwtPrincipalTokens.IssuerSettings(
                new PrincipalIssuer("bench", ISSUER, Set.of("acme"), new ClaimNames("tenant", "project", "sub", "groups")),
                publicKey.toString(), Set.of("capplanner"), Duration.ofSeconds(30), Optional.of(Duration.ofHours(1))))),
                false);
        // Longer than the run: the same token is verified again and again, as a replayed one would be.
        signer = new PrincipalTokenSigner(ISSUER, "capplanner", keys.getPrivate(), Clock.systemUTC(), Duration.ofMinutes(50));
        claimed = new ClaimedPrincipal("acme", "support-desk", "u-17", List.of("support-agent"));
        valid = List.of(PrincipalHeader.valueOf(signer.sign(RUN)));
        forged = List.of(PrincipalHeader.valueOf(new PrincipalTokenSigner(ISSUER, "capplanner",
                PrincipalTokenSigner.newKeyPair().getPrivate(), Clock.systemUTC(), Duration.ofMinutes(50)).sign(RUN)));
        if (!(authentication.admit(valid, claimed) instanceof Admission.Admitted)) {
            throw new IllegalStateException("the benchmark's token does not verify");
        }
    }

    @Benchmark
    public Admission verify() {
        return authentication.admit(valid, claimed);
    }

    @Benchmark
    public Admission refuseForged() {
        return authentication.admit(forged, claimed);
    }

    @Benchmark
    public String sign() {
        return signer.sign(RUN);
    }
}
