package dev.capplanner.eventbus;

import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Settings every service shares, written once in event-bus instead of in each properties file
 * (registered in META-INF/services). Ordinal 150 is below application.properties (250): a service's
 * own configuration, and the environment, still win.
 */
abstract class SharedDefaults implements ConfigSource {

    private final String name;
    private final Map<String, String> defaults;

    SharedDefaults(String name, Map<String, String> defaults) {
        this.name = name;
        this.defaults = Map.copyOf(defaults);
    }

    @Override
    public Map<String, String> getProperties() {
        return defaults;
    }

    @Override
    public Set<String> getPropertyNames() {
        return defaults.keySet();
    }

    @Override
    public String getValue(String propertyName) {
        return defaults.get(propertyName);
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public int getOrdinal() {
        return 150;
    }
}
