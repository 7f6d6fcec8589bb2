// A generic source connector for the live tests on a Kafka whose connect-test-plugins (and so
// VerifiableSourceConnector) is not served: it keeps SourceConnector.alterOffsets as Kafka
// defines it, so the worker alone judges an alter, as it does for VerifiableSourceConnector.
// scripts/kafka.sh compiles it against the worker's own connect-api and puts it on the worker's
// classpath only for the versions that core/src/versions.rs's LIVE_WORKERS marks so.
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.source.SourceConnector;
import org.apache.kafka.connect.source.SourceRecord;
import org.apache.kafka.connect.source.SourceTask;

public class LiveSourceConnector extends SourceConnector {
    private static final String VERSION = "1";
    private static final ConfigDef CONFIG = new ConfigDef()
        .define("topic", ConfigDef.Type.STRING, "live-source", ConfigDef.Importance.HIGH, "the topic it would write to");
    private Map<String, String> props;

    @Override public String version() { return VERSION; }
    @Override public void start(Map<String, String> props) { this.props = props; }
    @Override public Class<? extends Task> taskClass() { return Idle.class; }
    @Override public List<Map<String, String>> taskConfigs(int maxTasks) {
        List<Map<String, String>> out = new ArrayList<>();
        out.add(props);
        return out;
    }
    @Override public void stop() {}
    @Override public ConfigDef config() { return CONFIG; }

    /** A task that writes nothing: the live tests only ever alter its offsets while it is stopped. */
    public static class Idle extends SourceTask {
        @Override public String version() { return VERSION; }
        @Override public void start(Map<String, String> props) {}
        @Override public List<SourceRecord> poll() throws InterruptedException {
            Thread.sleep(1000); // Connect calls poll in a loop; an idle task waits instead of spinning
            return null;
        }
        @Override public void stop() {}
    }
}
