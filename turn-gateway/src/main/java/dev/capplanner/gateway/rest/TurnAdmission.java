package dev.capplanner.gateway.rest;

import dev.capplanner.contracts.EventType;
import dev.capplanner.contracts.PrincipalHeader;
import dev.capplanner.contracts.events.TurnRequested;
import dev.capplanner.contracts.http.Problem;
import dev.capplanner.contracts.schema.EventSchemas;
import dev.capplanner.contracts.schema.RejectedEventException;
import dev.capplanner.contracts.schema.RunEventDecoder;
import dev.capplanner.principals.Admission;
import dev.capplanner.principals.ClaimedPrincipal;
import dev.capplanner.principals.PrincipalAuthentication;
import dev.capplanner.problems.Problems;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import java.util.List;

/**
 * A turn the gateway will publish: valid against turn-requested.json (a 400 names the violation, as
 * a dead letter's reason would) and asserting the principal its bearer token verifies (a 401 names the
 * check), both before anything is published, so a caller hears at once what a Kafka backend would
 * find only on the dead-letter topic.
 */
@ApplicationScoped
public class TurnAdmission {

    private final RunEventDecoder decoder = new RunEventDecoder(new EventSchemas());
    private final PrincipalAuthentication authentication;

    public TurnAdmission(PrincipalAuthentication authentication) {
        this.authentication = authentication;
    }

    /** The turn and the token it runs with; a {@link WebApplicationException} with a problem document otherwise. */
    public Admitted admit(String body, String authorization) {
        TurnRequested turn;
        try {
            turn = decoder.decode(body == null ? "" : body, EventType.TURN_REQUESTED, TurnRequested.class);
        } catch (RejectedEventException e) {
            throw new WebApplicationException(Problems.response(400, e.getMessage()));
        }
        List<String> headers = authorization == null ? List.of() : List.of(authorization);
        Admission admission = authentication.admit(headers, ClaimedPrincipal.of(turn.run()));
        if (admission instanceof Admission.Refused refused) {
            throw unauthenticated(refused.reason());
        }
        // A deployment that trusts asserted principals takes Kafka turns without a token; an HTTP caller
        // must still prove who it is.
        if (!((Admission.Admitted) admission).verified()) {
            throw unauthenticated("the turn gateway takes no turn without a principal token that verifies");
        }
        return new Admitted(turn, PrincipalHeader.tokenIn(authorization).orElseThrow());
    }

    private static WebApplicationException unauthenticated(String check) {
        return new WebApplicationException(Problems.builder(Problem.of(401, "turn not authenticated: " + check))
                .header(HttpHeaders.WWW_AUTHENTICATE, "Bearer").build());
    }

    /** @param token the caller's principal token, verified, handed on with the record */
    public record Admitted(TurnRequested turn, String token) {
    }
}
