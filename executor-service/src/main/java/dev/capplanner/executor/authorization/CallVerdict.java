package dev.capplanner.executor.authorization;

import java.util.Map;

/** The last mile's answer for one call: go, with the arguments to send, or no, with the reason. */
public sealed interface CallVerdict {

    record Go(Map<String, Object> arguments) implements CallVerdict {
        public Go {
            arguments = Map.copyOf(arguments);
        }
    }

    record Refused(String reason) implements CallVerdict {
    }
}
