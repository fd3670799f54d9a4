// The row and job state machines live in src-shared (the UI shows them too); re-exported here
// for the journal and the engine.
export * from '../../src-shared/rowStates';
