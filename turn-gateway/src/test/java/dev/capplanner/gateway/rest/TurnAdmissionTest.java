package dev.capplanner.gateway.rest;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.contracts.json.RunEventJson;
import dev.capplanner.principals.PrincipalAuthentication;
import dev.capplanner.principals.jwt.JwtPrincipalTokens;
import dev.capplanner.testing.events.TurnFixtures;
import jakarta.ws.rs.WebApplicationException;
import java.util.List;
import org.junit.jupiter.api.Test;

class TurnAdmissionTest {

    @Test
    void aDeploymentThatTrustsAssertedPrincipalsStillTakesNoHttpTurnWithoutAToken() {
        TurnAdmission admission = new TurnAdmission(new PrincipalAuthentication(new JwtPrincipalTokens(List.of()), true));
        String turn = RunEventJson.toJson(TurnFixtures.turn("run-asserted", "Show order O-5001"));
        assertThatThrownBy(() -> admission.admit(turn, null)).isInstanceOfSatisfying(WebApplicationException.class,
                refused -> org.assertj.core.api.Assertions.assertThat(refused.getResponse().getStatus()).isEqualTo(401));
    }
}
