-- Every write to a run, its stacks or its measurements, whoever makes it, sends the run's id on
-- channel run_changed at commit, so readers may keep computed run views and lists until then.
CREATE FUNCTION runs_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_TABLE_NAME = 'runs' AND TG_OP = 'DELETE' THEN
        PERFORM pg_notify('run_changed', OLD.id::text);
    ELSIF TG_TABLE_NAME = 'runs' THEN
        PERFORM pg_notify('run_changed', NEW.id::text);
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('run_changed', OLD.run_id::text);
    ELSE
        PERFORM pg_notify('run_changed', NEW.run_id::text);
        IF TG_OP = 'UPDATE' THEN
            IF OLD.run_id IS DISTINCT FROM NEW.run_id THEN
                PERFORM pg_notify('run_changed', OLD.run_id::text);
            END IF;
        END IF;
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER runs_changed AFTER INSERT OR UPDATE OR DELETE ON runs
    FOR EACH ROW EXECUTE FUNCTION runs_notify_change();
CREATE TRIGGER run_stacks_changed AFTER INSERT OR UPDATE OR DELETE ON run_stacks
    FOR EACH ROW EXECUTE FUNCTION runs_notify_change();
CREATE TRIGGER measurements_changed AFTER INSERT OR UPDATE OR DELETE ON measurements
    FOR EACH ROW EXECUTE FUNCTION runs_notify_change();
