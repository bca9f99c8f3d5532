package dev.capplanner.eventbus.trust;

import dev.capplanner.contracts.trust.ServiceTokenSigner;
import java.util.Optional;

/**
 * What a service presents to another service's internal API ({@code Authorization: Bearer <service
 * token>}, see {@link ServiceTokenSigner}); {@link #NONE} presents nothing (tests of other rules, or a
 * service whose key is not configured: the callee then answers 401).
 */
public final class ServiceCredentials {

    public static final ServiceCredentials NONE = new ServiceCredentials(null);

    /** The audience of the snapshot service's internal API (its application name). */
    public static final String SNAPSHOT_SERVICE = "snapshot-service";

    private final ServiceTokenSigner signer;

    public ServiceCredentials(ServiceTokenSigner signer) {
        this.signer = signer;
    }

    /** The {@code Authorization} header value for a call to {@code callee}, when this service has a key. */
    public Optional<String> authorizationFor(String callee) {
        return signer == null ? Optional.empty() : Optional.of("Bearer " + signer.tokenFor(callee));
    }
}
