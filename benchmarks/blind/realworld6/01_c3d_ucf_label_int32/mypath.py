class Path(object):
    @staticmethod
    def db_dir(database):
        if database == 'ucf101':
            # folder that contains class labels
            root_dir = './data/UCF-101'

            # Save preprocess data into output_dir
            output_dir = './data/ucf101'

            return root_dir, output_dir
        elif database == 'hmdb51':
            root_dir = './data/hmdb-51'
            output_dir = './data/hmdb51'
            return root_dir, output_dir
        else:
            print('Database {} not available.'.format(database))
            raise NotImplementedError
