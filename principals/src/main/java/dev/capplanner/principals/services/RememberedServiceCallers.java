package dev.capplanner.principals.services;

import dev.capplanner.contracts.json.CanonicalJson;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Service tokens already verified, answered without checking their signature again for a minute at
 * most, and never past their expiry. A caller signs one token and sends it with every call for
 * minutes (its signer renews it after two thirds of its lifetime), so an internal API that verified
 * every call spent an RSA verification and a JSON parse on the same token for each of them (the
 * executor asks the snapshot service once per tool call). The minute bounds how long a token stays
 * accepted after its key is withdrawn. Only tokens that verified are kept, by their SHA-256 (the
 * bearer text itself is not held): a token that failed, or any other text, goes to the verifier
 * every time. Bounded: past the limit the remembered tokens are forgotten and verified again.
 */
public final class RememberedServiceCallers implements ServiceCallers {

    static final int MAX_REMEMBERED = 256;
    static final Duration VERIFY_AGAIN_AFTER = Duration.ofMinutes(1);

    private record Remembered(CallerCheck.Known caller, Instant until) {
    }

    private final ServiceCallers verifier;
    private final Clock clock;
    private final Map<String, Remembered> remembered = new ConcurrentHashMap<>();

    public RememberedServiceCallers(ServiceCallers verifier, Clock clock) {
        this.verifier = verifier;
        this.clock = clock;
    }

    @Override
    public CallerCheck verify(String token) {
        String key = CanonicalJson.sha256(token.getBytes(StandardCharsets.UTF_8));
        Remembered known = remembered.get(key);
        Instant now = clock.instant();
        if (known != null) {
            if (now.isBefore(known.until())) {
                return known.caller();
            }
            remembered.remove(key, known);
        }
        CallerCheck check = verifier.verify(token);
        if (check instanceof CallerCheck.Known verified && now.isBefore(verified.expires())) {
            if (remembered.size() >= MAX_REMEMBERED) {
                remembered.clear();
            }
            Instant again = now.plus(VERIFY_AGAIN_AFTER);
            remembered.put(key, new Remembered(verified, verified.expires().isBefore(again) ? verified.expires() : again));
        }
        return check;
    }
}
