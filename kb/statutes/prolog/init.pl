% The statutes domain has no knowledge base: the model writes the rules from the statutes given
% with each case, and they run in the sandbox (tools/sandbox.pl), never here. The engine needs a
% rule folder to start its workers; this one loads nothing.
