package dev.capplanner.principals.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithParentName;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The services allowed to call this one's internal API ({@code capplanner.service-callers.<service>.*}):
 * each one's public key and the scopes it is granted. A caller without a key cannot authenticate.
 */
@ConfigMapping(prefix = "capplanner.service-callers")
public interface ServiceCallersConfig {

    @WithParentName
    Map<String, Caller> callers();

    interface Caller {
        /** Its public key: a PEM or JWKS file, or a JWKS URL; unset, the caller is refused. */
        Optional<String> publicKeyLocation();

        /** The scopes it is granted (deny by default). */
        Optional<List<String>> scopes();
    }
}
