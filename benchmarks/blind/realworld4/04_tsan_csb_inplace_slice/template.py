def set_template(args):
    # Set the templates here
    if args.template.find('TSAN_small') >= 0:
        args.model = 'TSAN'
        args.n_feats = 16
        args.n_denselayer = 2
        args.patch_size = 32
