import argparse


def parse_train_opt():
    parser = argparse.ArgumentParser()
    parser.add_argument("--project", default="runs/train", help="project/name")
    parser.add_argument("--exp_name", default="exp", help="save to project/name")
    parser.add_argument("--data_path", type=str, default="data/finedance/", help="raw data path")
    parser.add_argument("--processed_data_dir", type=str, default="data/dataset_backups/", help="Dataset backup path")
    parser.add_argument("--full_seq_len", type=int, default=60, help="full sequence length (frames)")
    parser.add_argument("--windows", type=int, default=20, help="stride between windows")
    parser.add_argument("--feature_type", type=str, default="baseline")
    parser.add_argument("--batch_size", type=int, default=16, help="batch size")
    parser.add_argument("--epochs", type=int, default=2000)
    parser.add_argument("--learning_rate", type=float, default=2e-4)
    parser.add_argument("--save_interval", type=int, default=100, help='Log model after every "save_period" epoch')
    parser.add_argument("--force_reload", action="store_true", help="force reloads the datasets")
    opt = parser.parse_args()
    return opt
