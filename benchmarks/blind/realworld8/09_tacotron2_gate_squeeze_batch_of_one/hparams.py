class HParams(dict):
    def __getattr__(self, name):
        return self[name]

    def __setattr__(self, name, value):
        self[name] = value


def create_hparams(hparams_string=None, verbose=False):
    """Create model hyperparameters. Parse nondefault from given string."""

    hparams = HParams(
        ################################
        # Experiment Parameters        #
        ################################
        epochs=1,
        seed=1234,
        fp16_run=False,

        ################################
        # Data Parameters             #
        ################################
        training_files='filelists/ljs_audio_text_train_filelist.txt',
        n_train_utts=13,
        max_text_len=24,
        max_mel_len=40,

        ################################
        # Audio Parameters             #
        ################################
        n_mel_channels=40,

        ################################
        # Model Parameters             #
        ################################
        n_symbols=48,
        symbols_embedding_dim=64,

        # Encoder parameters
        encoder_kernel_size=5,
        encoder_n_convolutions=2,
        encoder_embedding_dim=64,

        # Decoder parameters
        n_frames_per_step=1,  # currently only 1 is supported
        decoder_rnn_dim=128,
        prenet_dim=32,
        max_decoder_steps=100,
        gate_threshold=0.5,
        p_attention_dropout=0.1,
        p_decoder_dropout=0.1,

        # Attention parameters
        attention_rnn_dim=128,
        attention_dim=32,

        # Location Layer parameters
        attention_location_n_filters=8,
        attention_location_kernel_size=15,

        # Mel-post processing network parameters
        postnet_embedding_dim=64,
        postnet_kernel_size=5,
        postnet_n_convolutions=3,

        ################################
        # Optimization Hyperparameters #
        ################################
        learning_rate=1e-3,
        weight_decay=1e-6,
        grad_clip_thresh=1.0,
        batch_size=4,
        mask_padding=True  # set model's padded outputs to padded values
    )

    if hparams_string:
        for kv in hparams_string.split(','):
            k, v = kv.split('=')
            hparams[k] = type(hparams[k])(v) if not isinstance(hparams[k], bool) else v == 'True'

    if verbose:
        print('Final parsed hparams:', hparams)

    return hparams
