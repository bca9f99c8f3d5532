package dev.capplanner.principals;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.contracts.PrincipalHeader;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.contracts.principal.PrincipalTokenSigner;
import dev.capplanner.principals.jwt.JwtPrincipalTokens;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jose4j.jwt.JwtClaims;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/chat-backend.md's principal token, signed as the doc says, admits the documented turn
 * (docs/examples/v1/turn-requested.json) under the issuer settings the doc describes: a backend in
 * any language that follows the doc is authenticated. Only the example's times are made current.
 */
class DocumentedPrincipalTokenTest {

    private final Path docs = Path.of(System.getProperty("capplanner.docs.dir", "../docs"));
    private final ObjectMapper json = new ObjectMapper();

    @Test
    void theDocumentedTokenAdmitsTheDocumentedTurn(@TempDir Path keys) throws Exception {
        JsonNode example = json.readTree(Files.readString(docs.resolve("examples/principal-token.json")));
        assertThat(example.at("/header/alg").asText()).isEqualTo("RS256");
        TurnRequested turn = RunEventJson.fromJson(Files.readString(docs.resolve("examples/v1/turn-requested.json")),
                TurnRequested.class);

        @SuppressWarnings("unchecked")
        Map<String, Object> documented = json.convertValue(example.get("claims"), Map.class);
        JwtClaims claims = new JwtClaims();
        documented.forEach((name, value) -> {
            if (!name.equals("iat") && !name.equals("exp")) {
                claims.setClaim(name, value);
            }
        });
        KeyPair issuerKeys = PrincipalTokenSigner.newKeyPair();
        String token = new PrincipalTokenSigner(claims.getIssuer(), "capplanner", issuerKeys.getPrivate(),
                Clock.systemUTC(), Duration.ofMinutes(5)).sign(claims);

        Path publicKey = Files.writeString(keys.resolve("issuer.pem"), PrincipalTokenSigner.pem(issuerKeys.getPublic()));
        PrincipalIssuer issuer = new PrincipalIssuer("acme-idp", claims.getIssuer(), Set.of("acme"),
                new ClaimNames("tenant", "project", "sub", "groups"));
        PrincipalAuthentication authentication = new PrincipalAuthentication(new JwtPrincipalTokens(List.of(
                new JwtPrincipalTokens.IssuerSettings(issuer, publicKey.toString(), Set.of("capplanner"), Duration.ofSeconds(30),
                        Optional.of(Duration.ofHours(1))))), false);

        ClaimedPrincipal claimed = new ClaimedPrincipal(turn.run().tenantId(), turn.run().projectId(),
                turn.run().principal().userId(), turn.run().principal().roles());
        Admission admission = authentication.admit(List.of(PrincipalHeader.valueOf(token)), claimed);
        assertThat(admission).isEqualTo(new Admission.Admitted(claimed, true));
        assertThat(Files.readString(docs.resolve("chat-backend.md")))
                .contains("examples/principal-token.json").contains("chat-backend signing key  <file>");
    }
}
