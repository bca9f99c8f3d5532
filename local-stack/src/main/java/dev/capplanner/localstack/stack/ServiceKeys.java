package dev.capplanner.localstack.stack;

import dev.capplanner.contracts.principal.PrincipalTokenSigner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The services' own keys for the snapshot service's internal API, fresh per stack: each caller
 * signs its service tokens with its private key, and the snapshot service knows each caller's public
 * key (its scopes are the service's defaults).
 */
public final class ServiceKeys {

    static final List<String> CALLERS = List.of("router-service", "planner-service", "executor-service");

    private final Map<String, Path> privateKeys = new LinkedHashMap<>();
    private final Map<String, Path> publicKeys = new LinkedHashMap<>();

    private ServiceKeys() {
    }

    static ServiceKeys create(Path directory) {
        ServiceKeys keys = new ServiceKeys();
        try {
            Files.createDirectories(directory);
            for (String service : CALLERS) {
                KeyPair pair = PrincipalTokenSigner.newKeyPair();
                Path privateKey = Files.writeString(directory.resolve(service + "-private-key.pem"),
                        PrincipalTokenSigner.pem(pair.getPrivate()));
                ChatBackendKey.ownerOnly(privateKey);
                keys.privateKeys.put(service, privateKey);
                keys.publicKeys.put(service, Files.writeString(directory.resolve(service + "-public-key.pem"),
                        PrincipalTokenSigner.pem(pair.getPublic())));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return keys;
    }

    /** What {@code app} needs: its own key when it calls the snapshot service, its callers' keys when it is it. */
    Map<String, String> configOf(String app) {
        Map<String, String> config = new LinkedHashMap<>();
        if (privateKeys.containsKey(app)) {
            config.put("capplanner.service-token.private-key-location", privateKeys.get(app).toString());
        }
        if (app.equals("snapshot-service")) {
            publicKeys.forEach((caller, file) ->
                    config.put("capplanner.service-callers." + caller + ".public-key-location", file.toString()));
        }
        return config;
    }
}
