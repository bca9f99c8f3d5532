package dev.capplanner.principals.rest;

import dev.capplanner.contracts.http.Problem;
import dev.capplanner.principals.Admission;
import dev.capplanner.principals.ClaimedPrincipal;
import dev.capplanner.principals.PrincipalAuthentication;
import dev.capplanner.problems.Problems;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * The principal of an HTTP request to a chat-backend endpoint (discovery offer, artifacts): the one
 * its {@code Authorization: Bearer <principal token>} asserts, or a 401 that names the check it
 * failed (never the token). What the request itself names only narrows: it must agree.
 */
@ApplicationScoped
public class RequestPrincipals {

    private static final Logger LOG = Logger.getLogger(RequestPrincipals.class);

    private final PrincipalAuthentication authentication;

    public RequestPrincipals(PrincipalAuthentication authentication) {
        this.authentication = authentication;
    }

    /**
     * @param tenantId  the tenant the request names, or null
     * @param projectId the project the request names, or null (required when the issuer's tokens name none)
     * @param roles     the roles the request names, or null
     */
    public ClaimedPrincipal require(HttpHeaders headers, String tenantId, String projectId, List<String> roles) {
        List<String> authorizations = headers.getRequestHeader(HttpHeaders.AUTHORIZATION);
        Admission admission = authentication.admitRequest(authorizations == null ? List.of() : authorizations,
                tenantId, projectId, roles);
        if (admission instanceof Admission.Admitted admitted) {
            return admitted.principal();
        }
        String check = ((Admission.Refused) admission).reason();
        LOG.warnf("request_not_authenticated check=%s", check);
        throw new WebApplicationException(Problems.builder(Problem.of(401, "not authenticated: " + check))
                .header(HttpHeaders.WWW_AUTHENTICATE, "Bearer").build());
    }
}
